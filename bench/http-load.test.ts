import { describe, expect, test } from 'vitest';
import { parseWrkOutput } from './http-load.ts';

// A report wrk 4.1 (Debian) printed here with --latency, then one with every kind of failure it counts.
const REPORT = `Running 1s test @ http://127.0.0.1:18081/
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   400.42us    1.04ms  12.97ms   91.75%
    Req/Sec    41.66k    16.69k   52.83k    81.82%
  Latency Distribution
     50%   96.00us
     75%  119.00us
     90%    1.08ms
     99%    5.08ms
  45422 requests in 1.10s, 5.37MB read
Requests/sec:  41254.36
Transfer/sec:      4.88MB
`;

describe('the bench reads wrk reports', () => {
  test('percentiles in their units, req/s, the total, no errors', () => {
    expect(parseWrkOutput(REPORT)).toEqual({
      requestsPerSec: 41254.36,
      total: 45422,
      p50Ms: 0.1,
      p99Ms: 5.08,
      errors: 0,
    });
  });

  test('socket errors and non-2xx answers are errors; seconds are read as seconds', () => {
    const failing = REPORT.replace('     99%    5.08ms', '     99%    1.20s').replace(
      'Requests/sec:',
      '  Socket errors: connect 0, read 2, write 0, timeout 3\n  Non-2xx or 3xx responses: 7\nRequests/sec:',
    );
    expect(parseWrkOutput(failing)).toMatchObject({ p99Ms: 1200, errors: 12 });
  });

  test('a report without its latency lines is refused, not read as 0', () => {
    expect(() => parseWrkOutput(REPORT.replace(/^\s+99%.*$/m, ''))).toThrow(/no 99% latency line/);
  });
});
