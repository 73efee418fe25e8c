import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';

/** Where the SVG charts go; BENCHMARKS.md links them from here. */
export const CHART_DIR = join(__dirname, '..', '..', 'charts');

/** Renders a Vega-Lite spec to `bench/charts/<name>.svg` with Vega's headless SVG renderer. */
export async function writeChart(name: string, spec: TopLevelSpec): Promise<string> {
  // vega and vega-lite are ES modules with top-level await: load them with import(), not require().
  const vega = await import('vega');
  const vegaLite = await import('vega-lite');
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  mkdirSync(CHART_DIR, { recursive: true });
  writeFileSync(join(CHART_DIR, `${name}.svg`), svg);
  return `bench/charts/${name}.svg`;
}

const BASE = { width: 420, height: 220, background: 'white' } as const;

/** A line per series over a quantitative x axis. */
export function lineChart(options: {
  title: string;
  values: readonly object[];
  x: { field: string; title: string; log?: boolean };
  y: { field: string; title: string; log?: boolean };
  series?: string;
}): TopLevelSpec {
  const { title, values, x, y, series } = options;
  return {
    ...BASE,
    title,
    data: { values: values as Record<string, unknown>[] },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: x.field, type: 'quantitative', title: x.title, scale: x.log ? { type: 'log' } : {} },
      y: {
        field: y.field,
        type: 'quantitative',
        title: y.title,
        scale: y.log ? { type: 'log' } : { zero: true },
      },
      ...(series ? { color: { field: series, type: 'nominal', title: null } } : {}),
    },
  };
}

/** Bars per category, side by side within each group, optionally one panel per facet. */
export function barChart(options: {
  title: string;
  values: readonly object[];
  category: string;
  value: { field: string; title: string };
  column?: string;
  row?: string;
}): TopLevelSpec {
  const { title, values, category, value, column, row } = options;
  return {
    title,
    background: 'white',
    data: { values: values as Record<string, unknown>[] },
    mark: 'bar',
    width: 160,
    height: 120,
    encoding: {
      x: { field: category, type: 'nominal', title: null, sort: null },
      y: { field: value.field, type: 'quantitative', title: value.title },
      color: { field: category, type: 'nominal', legend: null },
      ...(column ? { column: { field: column, type: 'nominal', title: null } } : {}),
      ...(row ? { row: { field: row, type: 'nominal', title: null } } : {}),
    },
  } as TopLevelSpec;
}
