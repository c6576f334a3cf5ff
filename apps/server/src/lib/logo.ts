/** A company logo as SVG: a rounded badge with a wheat ear and the company's initials, in its colours. */
export function logoSvg(initials: string, primary: string, secondary: string): string {
  const safe = initials.replace(/[^A-ZÁÉÍÓÚÑ]/gi, '').slice(0, 3).toUpperCase();
  const width = 64 + safe.length * 17;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${safe}">
<rect x="1" y="1" width="46" height="46" rx="10" fill="${primary}"/>
<path d="M24 38V14" stroke="${secondary}" stroke-width="2.5" stroke-linecap="round"/>
<g fill="${secondary}">
<ellipse cx="19.5" cy="17" rx="3" ry="5.5" transform="rotate(-30 19.5 17)"/><ellipse cx="28.5" cy="17" rx="3" ry="5.5" transform="rotate(30 28.5 17)"/>
<ellipse cx="19.5" cy="25" rx="3" ry="5.5" transform="rotate(-30 19.5 25)"/><ellipse cx="28.5" cy="25" rx="3" ry="5.5" transform="rotate(30 28.5 25)"/>
<ellipse cx="19.5" cy="33" rx="3" ry="5.5" transform="rotate(-30 19.5 33)"/><ellipse cx="28.5" cy="33" rx="3" ry="5.5" transform="rotate(30 28.5 33)"/>
<ellipse cx="24" cy="10" rx="2.6" ry="5"/>
</g>
<text x="58" y="32" font-family="Segoe UI, Roboto, Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="${primary}">${safe}</text>
</svg>`;
}
