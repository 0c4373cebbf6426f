#!/usr/bin/env node
// `npm run dev`: the UI from Vite with hot reload, /api proxied to SIGHTLINE_API_TARGET. Without a
// target, a local Sightline server is started beside it (on PORT, default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [];
const run = (args, env = process.env) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
};

if (!process.env.SIGHTLINE_API_TARGET) run(['--import', 'tsx', '--watch', 'src/server/main.ts']);
run([path.join(root, 'node_modules/vite/bin/vite.js')]);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
