// npm run dev: the API with reload on change (tsx watch, port 3000, data in ./data) and Vite's dev server with hot
// module replacement on http://localhost:5173, which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
console.log('\n  Web app with hot reload: http://localhost:5173  (API on http://localhost:3000)\n');
