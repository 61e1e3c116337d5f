/**
 * Local-only preload for the Deno function processes (never bundled or
 * deployed): when the local backend dies, even by SIGKILL, this process is
 * re-parented, and it exits instead of lingering on its port.
 */
const backendPid = Deno.ppid;
const watch = setInterval(() => {
  if (Deno.ppid !== backendPid) Deno.exit(0);
}, 500);
// The watch alone never keeps the function alive.
Deno.unrefTimer(watch);
