/**
 * `npm run bench:startup`: how long the server takes from `spawn` to answering `/api/health`, and
 * its resident memory (VmRSS) at that moment, for the compiled server (`npm start`) and the
 * sources through tsx (`npm run dev`, the old `npm start`); on a new data dir (first start:
 * migrations, bootstrap) and on an existing one (a restart). Medians of `--runs` starts each.
 *
 *   npm run bench:startup                  5 runs each
 *   npm run bench:startup -- --runs 9 --update-doc   also rewrite the table in docs/performance.md
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureServerBuilt, memoryOf, startSightline, stopAll } from './lib/processes';
import { BENCH_TOKEN, ROOT } from './lib/seed';

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, 'update-doc': { type: 'boolean', default: false } } });
const runs = Number(args.runs ?? 5);
const RSS_BUDGET_MB = 100;

interface Row {
  server: string;
  dataDir: 'new' | 'existing';
  startMs: number[];
  rssMb: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(server: string, script: string, work: string): Promise<Row[]> {
  const rows: Row[] = [
    { server, dataDir: 'new', startMs: [], rssMb: [] },
    { server, dataDir: 'existing', startMs: [], rssMb: [] },
  ];
  for (let run = 0; run < runs; run++) {
    const dataDir = path.join(work, `${path.basename(script)}-${run}`);
    for (const row of rows) {
      const started = performance.now();
      const process = await startSightline(dataDir, undefined, BENCH_TOKEN, script);
      row.startMs.push(performance.now() - started);
      row.rssMb.push(memoryOf(process.pid).rss / 1e6);
      await process.stop();
    }
  }
  return rows;
}

function table(rows: Row[]): string {
  const lines = [
    '| server | data dir | start-up (median) | start-up (min–max) | RSS after start (median) | RSS (min–max) |',
    '|---|---|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.server} | ${row.dataDir} | ${median(row.startMs).toFixed(0)} ms | ${Math.min(...row.startMs).toFixed(0)}–${Math.max(...row.startMs).toFixed(0)} ms | ${median(row.rssMb).toFixed(0)} MB | ${Math.min(...row.rssMb).toFixed(0)}–${Math.max(...row.rssMb).toFixed(0)} MB |`,
    );
  }
  const compiled = rows.find((r) => r.server.startsWith('compiled') && r.dataDir === 'existing')!;
  const rss = median(compiled.rssMb);
  lines.push(
    '',
    `Budget: RSS right after start ≤ ${RSS_BUDGET_MB} MB (compiled, existing data dir): ${rss.toFixed(0)} MB, ${rss <= RSS_BUDGET_MB ? 'met' : 'missed'}.`,
    `${runs} starts each; Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
  );
  return lines.join('\n');
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-startup-'));
let exitCode = 0;
try {
  await ensureServerBuilt();
  const rows = [
    ...(await measure('compiled (`npm start`: node dist/server/main.js)', 'dist/server/main.js', work)),
    ...(await measure('sources through tsx (`npm run dev`)', 'src/server/main.ts', work)),
  ];
  const text = table(rows);
  process.stdout.write(`\n${text}\n`);
  if (args['update-doc']) {
    const doc = path.join(ROOT, 'docs/performance.md');
    const current = fs.readFileSync(doc, 'utf8');
    const begin = '<!-- startup:begin -->';
    const end = '<!-- startup:end -->';
    if (!current.includes(begin) || !current.includes(end)) throw new Error(`docs/performance.md has no ${begin} … ${end} section`);
    fs.writeFileSync(doc, `${current.slice(0, current.indexOf(begin) + begin.length)}\n${text}\n${current.slice(current.indexOf(end))}`);
    process.stdout.write('updated docs/performance.md\n');
  }
} catch (error) {
  exitCode = 1;
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await stopAll();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
