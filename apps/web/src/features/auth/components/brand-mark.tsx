interface BrandMarkProps {
  size?: number;
  /** On the coloured hero panel the mark is drawn white-on-glass instead of teal. */
  inverted?: boolean;
}

/** The VRF Cloud mark: three airflow strokes over a cloud-coloured tile. */
export function BrandMark({ size = 36, inverted = false }: BrandMarkProps) {
  const tile = inverted ? "rgba(255,255,255,0.18)" : "#2BC6C2";
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={tile} />
      <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="3">
        <path d="M9 14c4-3 8 3 12 0s8-3 10 0" />
        <path d="M9 21c4-3 8 3 12 0s8-3 10 0" opacity="0.85" />
        <path d="M9 28c4-3 8 3 12 0s8-3 10 0" opacity="0.65" />
      </g>
    </svg>
  );
}
