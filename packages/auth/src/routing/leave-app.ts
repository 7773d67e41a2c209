/** Leaves this app for another one (a hand-off URL on another subdomain): a full page load. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
