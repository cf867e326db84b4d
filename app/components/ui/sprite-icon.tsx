/**
 * The icon component of a sprite: one SVG file of lucide's drawings as <symbol>s (`npm run icons`
 * writes it from the sprite's names), fetched once and kept for good under /build. Each icon in a
 * page is then a <use> of a few dozen bytes instead of its whole drawing (the feed drew twenty,
 * 8.5 KB). A plugin keeps a sprite of its own beside its code, so its icons never touch the core's.
 */
export function spriteIcons<Name extends string>(href: string) {
  // The size comes from the class, the icon's own or its parent's styles (an <svg> without one is
  // 300 by 150 pixels, and one without a width of its own would give way beside wrapping text);
  // the strokes from the sprite.
  return function SpriteIcon({ name, className }: { name: Name; className?: string }) {
    return (
      <svg aria-hidden="true" className={className ? `shrink-0 ${className}` : "shrink-0"}>
        <use href={`${href}#${name}`} />
      </svg>
    );
  };
}
