import fs from 'node:fs';

/**
 * Where a `.cpuprofile` (tools/bench/cpu-profile.js) spent its samples: the functions with the most samples of
 * their own, and those with the most samples under them, in % of all samples (idle included).
 *
 *   node -r ./tools/register.js tools/bench/cpu-profile-summary.ts /tmp/cpu-1234.cpuprofile [rows]
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, rows = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [rows]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const name = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(`file://${process.cwd()}/`, '')}:${lineNumber + 1}`;

const own = new Map<string, number>();
const under = new Map<string, number>();
for (const id of profile.samples) {
  const leaf = byId.get(id) as ProfileNode;
  own.set(name(leaf), (own.get(name(leaf)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = name(byId.get(at) as ProfileNode);
    if (!seen.has(key)) under.set(key, (under.get(key) ?? 0) + 1);
    seen.add(key);
  }
}
const top = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rows))
    .map(([key, count]) => `${((100 * count) / profile.samples.length).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
console.log(`${profile.samples.length} samples\n\nown time\n${top(own)}\n\nincluding callees\n${top(under)}`);
