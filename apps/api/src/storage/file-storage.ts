import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where document bytes live: local disk under DATA_DIR/files by default. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export function localFileStorage(root: string): FileStorage {
  // Keys are our own uuids; refuse anything that could leave the root.
  const resolve = (key: string) => {
    if (!/^[\w-]+$/.test(key)) throw new Error(`Bad storage key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    get: (key) => readFile(resolve(key)),
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
