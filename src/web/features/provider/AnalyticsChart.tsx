/**
 * Views and enquiries per day as an SVG line chart of our own (no chart library: two series over 30 days
 * need a few paths, and drawing at the container's pixel width keeps the labels readable on phones).
 * The figures are also given as a table for screen readers and for anyone who prefers numbers.
 */
import { useEffect, useRef, useState } from 'react';
import type { AnalyticsPoint } from '@domain/providers.ts';
import { formatDate, formatMonthDay } from '@domain/format.ts';

const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 28, left: 36 };
const SERIES = [
  { key: 'views', label: 'Views', className: 'stroke-primary', swatch: 'bg-primary' },
  { key: 'enquiries', label: 'Enquiries', className: 'stroke-gold', swatch: 'bg-gold' },
] as const;

/** A round upper bound for the y axis and its ticks (0, ¼, ½, ¾, 1 of it, whole numbers). */
function yScale(max: number): { top: number; ticks: number[] } {
  if (max <= 4) return { top: 4, ticks: [0, 1, 2, 3, 4] };
  const step = Math.pow(10, Math.floor(Math.log10(max / 4)));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * step).find((s) => s * 4 >= max) ?? step * 10;
  const tick = Math.ceil(nice);
  return { top: tick * 4, ticks: [0, 1, 2, 3, 4].map((i) => i * tick) };
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function AnalyticsChart({ points, title }: { points: AnalyticsPoint[]; title: string }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const max = Math.max(0, ...points.map((p) => Math.max(p.views, p.enquiries)));
  const { top, ticks } = yScale(max);
  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0 : (i / (points.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const path = (key: 'views' | 'enquiries') =>
    points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
  const labelEvery = width < 480 ? 10 : 5;
  const totalViews = points.reduce((s, p) => s + p.views, 0);
  const totalEnquiries = points.reduce((s, p) => s + p.enquiries, 0);

  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center gap-4 text-sm">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`h-1 w-5 rounded ${s.swatch}`} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <div ref={ref} className="w-full">
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`${title}: ${totalViews} views and ${totalEnquiries} enquiries over the last ${points.length} days`}
            className="block"
          >
            {ticks.map((t) => (
              <g key={t}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className="stroke-border" />
                <text
                  x={PAD.left - 6}
                  y={y(t)}
                  dy="0.32em"
                  textAnchor="end"
                  className="fill-muted-foreground text-[11px]"
                >
                  {t}
                </text>
              </g>
            ))}
            {points.map((p, i) =>
              // Counted back from today, so the last day always has its label and none collide.
              (points.length - 1 - i) % labelEvery === 0 ? (
                <text
                  key={p.day}
                  x={x(i)}
                  y={HEIGHT - 8}
                  textAnchor={i === points.length - 1 ? 'end' : i === 0 ? 'start' : 'middle'}
                  className="fill-muted-foreground text-[11px]"
                >
                  {formatMonthDay(p.day)}
                </text>
              ) : null,
            )}
            {SERIES.map((s) => (
              <path
                key={s.key}
                d={path(s.key)}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                className={s.className}
              />
            ))}
            {SERIES.map((s) =>
              points.map((p, i) =>
                p[s.key] > 0 ? (
                  <circle
                    key={`${s.key}-${p.day}`}
                    cx={x(i)}
                    cy={y(p[s.key])}
                    r={2.5}
                    className={`fill-background ${s.className}`}
                    strokeWidth={2}
                  >
                    <title>{`${formatDate(p.day)}: ${p[s.key]} ${s.label.toLowerCase()}`}</title>
                  </circle>
                ) : null,
              ),
            )}
          </svg>
        )}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show the figures per day</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}, per day</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Views
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Enquiries
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day} className="border-b last:border-0">
                  <th scope="row" className="py-1 font-normal">
                    {formatDate(p.day)}
                  </th>
                  <td className="py-1 text-right">{p.views}</td>
                  <td className="py-1 text-right">{p.enquiries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
