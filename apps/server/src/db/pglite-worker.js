// The server's PGlite on a thread of its own (docs/decisions/0624): the WebAssembly and its file
// system calls run here while the main thread serves. The main thread (`pglite-thread.ts`) holds
// the locks and parses; this thread runs the wire-protocol messages it is sent, in order, and
// answers with the bytes PostgreSQL wrote for each. Plain JavaScript: a worker thread starts from a file
// Node runs as it is, under tsx, vitest and the built server alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {{ dataDir: string; startParams: string[]; heapBytes: SharedArrayBuffer }} */
const { dataDir, startParams, heapBytes } = workerData;
const heap = new Float64Array(heapBytes);

const pg = await PGlite.create(dataDir, {
  extensions: { pg_trgm, cube, earthdistance },
  startParams: [...PGlite.defaultStartParams, ...startParams],
});

/** Runs one message and returns what PostgreSQL wrote, unparsed (the raw stream: no parsing here). */
async function run(message) {
  const chunks = [];
  let length = 0;
  await pg.execProtocolRawStream(message, {
    syncToFs: false,
    // A chunk is a view of the WebAssembly memory: copied before the next write.
    onRawData: (bytes) => {
      chunks.push(bytes.slice());
      length += bytes.length;
    },
  });
  if (chunks.length === 1) return chunks[0];
  const data = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.length;
  }
  return data;
}

// A request is a list of messages, run one by one as PGlite runs each of its own calls; the
// answer is the list of what each wrote, or the error of a call that failed outside PostgreSQL.
parentPort.on('message', async (request) => {
  if (request === 'close') {
    await pg.close();
    parentPort.close();
    return;
  }
  try {
    const replies = [];
    for (const message of request) replies.push(await run(message));
    heap[0] = pg.Module.HEAPU8.byteLength;
    parentPort.postMessage(
      replies,
      replies.map((reply) => reply.buffer),
    );
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
heap[0] = pg.Module.HEAPU8.byteLength;
parentPort.postMessage('ready');
