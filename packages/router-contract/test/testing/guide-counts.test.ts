import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routerContractCases, type RouterContractCapabilities } from '../../src/testing';

const GUIDE = join(__dirname, '..', '..', '..', '..', 'docs', 'guide');

const COLUMNS: readonly RouterContractCapabilities[] = [
  {},
  { explicitMethods: true },
  { tokens: false },
  { inlineConstraints: false },
];

/** The guide's table of cases per group ("Writing a router adapter"): group name to the counts of each column. */
function guideTable(): Map<string, number[]> {
  const page = readFileSync(join(GUIDE, 'writing-an-adapter.md'), 'utf8');
  const section = page.slice(page.indexOf('## The suite'));
  const rows = new Map<string, number[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim().replace(/\*\*/g, ''));
    if (cells.length === COLUMNS.length + 3 && /^\d+$/.test(cells[2] ?? '')) {
      rows.set(cells[1] as string, cells.slice(2, 2 + COLUMNS.length).map(Number));
    }
  }
  return rows;
}

function computedTable(): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  COLUMNS.forEach((capabilities, column) => {
    const groups = routerContractCases({
      name: 'count',
      createRouter: () => undefined as never,
      capabilities,
    });
    for (const group of groups) {
      const counts = rows.get(group.name) ?? COLUMNS.map(() => 0);
      counts[column] = group.cases.length;
      rows.set(group.name, counts);
    }
    const total = rows.get('total') ?? COLUMNS.map(() => 0);
    total[column] = groups.reduce((sum, group) => sum + group.cases.length, 0);
    rows.set('total', total);
  });
  return rows;
}

describe('the guide page on the suite', () => {
  it('gives the number of cases of each group for each set of flags', () => {
    expect(Object.fromEntries(guideTable())).toEqual(Object.fromEntries(computedTable()));
  });
});
