/** The value's box on its page (0–1 coordinates), drawn over the canvas and the text layer. */
export function AnchorBox({ box }: { box: [number, number, number, number] }) {
  const [x0, y0, x1, y1] = box;
  return (
    <div
      className="sv-anchor-box"
      data-testid="anchor-box"
      aria-hidden="true"
      style={{
        left: `${x0 * 100}%`,
        top: `${y0 * 100}%`,
        width: `${Math.max(0.002, x1 - x0) * 100}%`,
        height: `${Math.max(0.002, y1 - y0) * 100}%`,
      }}
    />
  );
}
