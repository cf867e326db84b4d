import { ECARD_HEIGHT, ECARD_WIDTH, type Design, type Motif } from "./designs";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A deterministic sequence in [0, 1) for a design's scattered shapes, so a design draws the same every time. */
function sequence(seed: string) {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  return () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

function motifShapes(motif: Motif, accent: string, next: () => number) {
  const at = () => ({ x: Math.round(next() * ECARD_WIDTH), y: Math.round(next() * ECARD_HEIGHT) });
  switch (motif) {
    case "stars":
      return Array.from({ length: 24 }, () => {
        const { x, y } = at();
        const r = 3 + Math.round(next() * 6);
        return `<path d="M${x} ${y - r}L${x + r / 3} ${y - r / 3}L${x + r} ${y}L${x + r / 3} ${y + r / 3}L${x} ${y + r}L${x - r / 3} ${y + r / 3}L${x - r} ${y}L${x - r / 3} ${y - r / 3}Z" fill="${accent}"/>`;
      }).join("");
    case "confetti":
      return Array.from({ length: 40 }, () => {
        const { x, y } = at();
        return `<rect x="${x}" y="${y}" width="10" height="4" rx="2" fill="${accent}" opacity="${(0.4 + next() * 0.6).toFixed(2)}" transform="rotate(${Math.round(next() * 180)} ${x} ${y})"/>`;
      }).join("");
    case "balloons":
      return [80, 160, 560, 630]
        .map((x, index) => {
          const y = 90 + (index % 2) * 40;
          return `<ellipse cx="${x}" cy="${y}" rx="34" ry="42" fill="${accent}" opacity="${index % 2 ? 0.6 : 0.9}"/><path d="M${x} ${y + 42}q-10 40 4 90" stroke="${accent}" fill="none" stroke-width="2"/>`;
        })
        .join("");
    case "waves":
      return [300, 330, 360]
        .map((y, index) => `<path d="M0 ${y}q175 -40 350 0t350 0V${ECARD_HEIGHT}H0Z" fill="${accent}" opacity="${0.25 + index * 0.2}"/>`)
        .join("");
    case "sun":
      return `<circle cx="${ECARD_WIDTH / 2}" cy="${ECARD_HEIGHT}" r="150" fill="${accent}" opacity="0.35"/>${Array.from({ length: 12 }, (_, index) => {
        const angle = Math.PI + (index * Math.PI) / 11;
        const x = ECARD_WIDTH / 2 + Math.cos(angle) * 300;
        const y = ECARD_HEIGHT + Math.sin(angle) * 300;
        return `<line x1="${ECARD_WIDTH / 2}" y1="${ECARD_HEIGHT}" x2="${Math.round(x)}" y2="${Math.round(y)}" stroke="${accent}" stroke-width="6" opacity="0.3"/>`;
      }).join("")}`;
    case "leaves":
      return Array.from({ length: 14 }, () => {
        const { x, y } = at();
        return `<ellipse cx="${x}" cy="${y}" rx="16" ry="7" fill="${accent}" opacity="0.55" transform="rotate(${Math.round(next() * 180)} ${x} ${y})"/>`;
      }).join("");
  }
}

/** The words' size: large, yet a long headline fits the canvas in a wider fallback font too. */
const headlineSize = (headline: string) => Math.min(64, Math.floor(950 / headline.length));

/** The design drawn as an SVG of the eCard canvas: its background, its motif, its words. */
export function designSvg(design: Design) {
  const { background, accent, text } = design.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ECARD_WIDTH}" height="${ECARD_HEIGHT}" viewBox="0 0 ${ECARD_WIDTH} ${ECARD_HEIGHT}" role="img">
<title>${escape(design.title)}</title>
<rect width="${ECARD_WIDTH}" height="${ECARD_HEIGHT}" fill="${background}"/>
${motifShapes(design.motif, accent, sequence(design.id))}
<text x="50%" y="52%" text-anchor="middle" dominant-baseline="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="${headlineSize(design.headline)}" font-weight="bold" fill="${text}">${escape(design.headline)}</text>
</svg>`;
}
