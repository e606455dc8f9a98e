import * as Slider from '@radix-ui/react-slider';

/** A two-thumb range slider; the top value shows `upperLabel` ('100+ MW', '20+ years'). */
export function RangeSlider({
  label,
  min,
  max,
  step,
  value,
  unit,
  upperLabel,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: [number, number];
  unit: string;
  upperLabel: string;
  onChange(value: [number, number]): void;
}) {
  const text = (v: number) => (v >= max ? upperLabel : `${v} ${unit}`);
  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between text-sm">
        <span id={`${label}-label`} className="font-medium text-slate-800">
          {label}
        </span>
        <span className="text-xs text-slate-600">
          {text(value[0])} – {text(value[1])}
        </span>
      </div>
      <Slider.Root className="relative flex h-5 touch-none items-center select-none" min={min} max={max} step={step} value={value} onValueChange={(v) => onChange([v[0]!, v[1]!])} minStepsBetweenThumbs={0}>
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-primary" />
        </Slider.Track>
        {(['Minimum', 'Maximum'] as const).map((end, i) => (
          <Slider.Thumb key={end} aria-label={`${end} ${label}`} aria-valuetext={text(value[i]!)} className="block h-4 w-4 rounded-full border-2 border-primary bg-white shadow focus-visible:outline-2" />
        ))}
      </Slider.Root>
    </div>
  );
}
