import { run } from './main.js';

await run();
// An abandoned call (an artifact upload cut by its time bound) may still hold a socket open; the
// job's work is done and its exit code set, so it must not wait for that socket.
process.exit();
