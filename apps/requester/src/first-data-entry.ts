import { startEarlyGet } from '@sieve/auth';
import { firstDataPath } from './app/first-data';

// issue 15 (first paint): the page's first script, a few kB loaded async beside the app's entry,
// starts the screen's first data call before React and the app's code have arrived.
const path = firstDataPath();
if (path) startEarlyGet(path);
