/**
 * Reads a V8 CPU profile (node --cpu-prof, as bench/http.ts writes with BENCH_CPU_PROF) and prints where the time
 * went: self time by place (node_modules package, or the project's file) and by function, and the inclusive time of
 * the project's own functions.
 *   npm run bench:profile -w @portal/bench -- /tmp/prof/CPU….cpuprofile [rows]
 */
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[]; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const file = process.argv[2];
const rows = Number(process.argv[3] ?? 25);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples (each sample's delta is the time until the next one).
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function place(url: string): string {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(url.lastIndexOf('/', src - 1) + 1) : url;
}
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${place(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

function top(map: Map<string, number>, title: string): void {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${v.toFixed(0).padStart(7)} ms  ${k}`);
  }
}

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, ms] of self) {
  const n = byId.get(id)!;
  byPlace.set(place(n.callFrame.url), (byPlace.get(place(n.callFrame.url)) ?? 0) + ms);
  byFunction.set(label(n), (byFunction.get(label(n)) ?? 0) + ms);
  // Inclusive time of the project's own functions (each counted once per sample, however deep the recursion).
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const c = byId.get(cur)!;
    if (c.callFrame.url.includes('/src/') && !c.callFrame.url.includes('node_modules')) {
      const l = label(c);
      if (!seen.has(l)) {
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
      }
    }
  }
}
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled, ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s wall`);
top(byPlace, 'Self time by place');
top(byFunction, 'Self time by function');
top(inclusive, "Inclusive time of the project's functions");
