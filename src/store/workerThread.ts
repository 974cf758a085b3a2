/**
 * Starts a worker thread on one of the store's own modules, whether the process runs TypeScript under tsx
 * (npm start, the tests) or compiled JavaScript: under tsx the new thread registers tsx's loader before it
 * loads the entry; compiled, it loads the .js next to the caller.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Runs in the new thread before the entry. Dynamic imports only, so it runs whether the process treats
 * eval'd code as CommonJS or as a module (--input-type).
 */
const BOOTSTRAP = `
import('node:worker_threads')
  .then(({ workerData }) => (workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve()).then(() => import(workerData.entry)))
  .catch((error) => process.nextTick(() => { throw error; }));
`;

/**
 * `entry` is the module's name without extension, resolved against `from` (the caller's import.meta.url);
 * `data` reaches the module as workerData (beside the bootstrap's own fields).
 */
export function startWorker(from: string, entry: string, data: object): Worker {
  const typescript = from.endsWith('.ts');
  const url = new URL(`${entry}${typescript ? '.ts' : '.js'}`, from);
  const tsx = typescript ? tsxLoaderApi(from) : undefined;
  return new Worker(BOOTSTRAP, { eval: true, workerData: { ...data, entry: url.href, tsx } });
}

/** tsx's ESM API (its `register` installs the loader in the calling thread). */
function tsxLoaderApi(from: string): string {
  // import.meta.resolve picks the package's "import" entry; where a test runner rewrites import.meta,
  // the "require" entry's path has the ESM build beside it.
  if (typeof import.meta.resolve === 'function') return import.meta.resolve('tsx/esm/api');
  return pathToFileURL(createRequire(from).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
}
