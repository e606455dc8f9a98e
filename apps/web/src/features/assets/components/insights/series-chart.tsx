import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useId } from 'react';
import { useWidth } from './use-width';

export interface Series {
  key: string;
  label: string;
  colour: string;
  values: number[];
}

/** Lines over the quarters (visx; decision 0490), with a y axis, the first quarter of each fifth year marked and a legend. */
export function SeriesChart({ labels, series, title, summary, format }: { labels: string[]; series: Series[]; title: string; summary: string; format: (n: number) => string }) {
  const [ref, width] = useWidth<HTMLDivElement>(720);
  // A plain id (React's hold colons) for the summary the chart is described by.
  const id = `chart-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const height = 240;
  const margin = { top: 8, right: 12, bottom: 28, left: 56 };
  const innerWidth = Math.max(50, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = scalePoint<string>({ domain: labels, range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(4);
  // A year label every few years, as the width allows.
  const years = labels.filter((l) => l.endsWith('Q1'));
  const every = Math.max(1, Math.ceil((years.length * 44) / innerWidth));
  const marked = new Set(years.filter((_, i) => i % every === 0));
  return (
    <div ref={ref} className="w-full">
      <p id={`${id}-d`} className="sr-only">
        {summary}
      </p>
      {/* eslint-disable-next-line no-restricted-syntax -- not a form field: the chart image points at its written summary */}
      <svg width={width} height={height} role="img" aria-label={title} aria-describedby={`${id}-d`} className="block max-w-full">
        <title>{title}</title>
        <Group left={margin.left} top={margin.top}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
              <text x={-6} y={y(t)} dy="0.35em" textAnchor="end" fontSize={11} fill="#475569">
                {format(t)}
              </text>
            </g>
          ))}
          {labels
            .filter((l) => marked.has(l))
            .map((l) => (
              <text key={l} x={x(l)} y={innerHeight + 18} textAnchor="middle" fontSize={11} fill="#475569">
                {l.slice(0, 4)}
              </text>
            ))}
          {series.map((s) => (
            <LinePath key={s.key} data={s.values} x={(_, i) => x(labels[i]!) ?? 0} y={(v) => y(v)} stroke={s.colour} strokeWidth={1.75} />
          ))}
        </Group>
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden>
        {series.map((s) => (
          <li key={s.key} className="inline-flex items-center gap-1.5">
            <span className="inline-block h-2 w-4 rounded" style={{ backgroundColor: s.colour }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
