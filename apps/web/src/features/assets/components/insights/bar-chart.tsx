import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import { useWidth } from './use-width';

export interface BarRow {
  label: string;
  value: number | null;
  /** A second kind of bar (the ways out of the pipeline), in the muted colour. */
  muted?: boolean;
}

/**
 * Horizontal bars (visx scales and shapes, SVG; decision 0490): a label, a bar and its value per
 * row. The SVG is one image with a title and a summary for screen readers; the table beside it
 * carries every figure.
 */
export function BarChart({ rows, title, summary, format, colour = '#d97706' }: { rows: BarRow[]; title: string; summary: string; format: (n: number) => string; colour?: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(560);
  // A plain id (React's hold colons) for the summary the chart is described by.
  const id = `chart-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const rowHeight = 28;
  const labelWidth = Math.min(200, Math.max(96, Math.round(width * 0.36)));
  // Room for the longest value ('86,191 MW') at 12 px.
  const valueWidth = 84;
  const height = rows.length * rowHeight + 4;
  const max = Math.max(1, ...rows.map((r) => r.value ?? 0));
  const x = scaleLinear<number>({ domain: [0, max], range: [0, Math.max(10, width - labelWidth - valueWidth)] });
  const y = scaleBand<string>({ domain: rows.map((_, i) => String(i)), range: [0, height], padding: 0.25 });
  // Labels longer than their column are cut with an ellipsis (7.6 px a character at 12 px, on the safe side: capitals are wider); the table has them whole.
  const clip = (label: string) => (label.length * 7.6 > labelWidth - 8 ? `${label.slice(0, Math.max(4, Math.floor((labelWidth - 8) / 7.6) - 1))}…` : label);
  return (
    <div ref={ref} className="w-full">
      <p id={`${id}-d`} className="sr-only">
        {summary}
      </p>
      {/* eslint-disable-next-line no-restricted-syntax -- not a form field: the chart image points at its written summary */}
      <svg width={width} height={height} role="img" aria-label={title} aria-describedby={`${id}-d`} className="block max-w-full">
        <title>{title}</title>
        {rows.map((row, i) => {
          const top = y(String(i)) ?? 0;
          const barWidth = row.value === null ? 0 : Math.max(row.value > 0 ? 1 : 0, x(row.value));
          return (
            <Group key={`${row.label}-${i}`} top={top}>
              <text x={labelWidth - 8} y={y.bandwidth() / 2} dy="0.35em" textAnchor="end" fontSize={12} fill="#334155">
                {clip(row.label)}
              </text>
              <Bar x={labelWidth} y={0} width={barWidth} height={y.bandwidth()} rx={2} fill={row.muted ? '#94a3b8' : colour} />
              <text x={labelWidth + barWidth + 6} y={y.bandwidth() / 2} dy="0.35em" fontSize={12} fill="#0f172a">
                {row.value === null ? '–' : format(row.value)}
              </text>
            </Group>
          );
        })}
      </svg>
    </div>
  );
}
