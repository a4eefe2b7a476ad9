import type { ReactNode } from 'react';
import { type ItemArtKey, type PlantArtKey, petFeatures, potBands, rarityColour } from './art-keys';

/**
 * The garden's pictures: small hand-made SVG, inline in the garden's own chunk. They need no
 * request of their own, so they come with the code that shows them, are kept for offline with that
 * chunk (web/sw.ts caches /assets/ on first use) and add nothing to home's entry. Decorative: the
 * card beside each one names the object in words, so the pictures are hidden from screen readers.
 * All share one 64×64 box; plant drawings stand on y = 40, the rim of the pot.
 */

const LEAF = '#4caf50';
const LEAF_DARK = '#2e7d32';
const STEM = '#388e3c';
const SOIL = '#5d4037';
const CLAY = '#c8744a';
const CLAY_DARK = '#9c5433';

function Art({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={`garden-art${className ? ` ${className}` : ''}`}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const Leaf = ({ x, y, angle, size = 1 }: { x: number; y: number; angle: number; size?: number }) => (
  <ellipse
    cx={x}
    cy={y}
    rx={6 * size}
    ry={3 * size}
    fill={LEAF}
    stroke={LEAF_DARK}
    strokeWidth={0.8}
    transform={`rotate(${angle} ${x} ${y})`}
  />
);

const Stem = ({ top }: { top: number }) => (
  <path d={`M32 40 Q30 ${(40 + top) / 2} 32 ${top}`} stroke={STEM} strokeWidth={2.5} fill="none" />
);

const Bloom = ({ colour, y = 14 }: { colour: string; y?: number }) => (
  <g>
    {[0, 72, 144, 216, 288].map((angle) => (
      <ellipse
        key={angle}
        cx={32}
        cy={y - 5}
        rx={3.2}
        ry={5}
        fill={colour}
        transform={`rotate(${angle} 32 ${y})`}
      />
    ))}
    <circle cx={32} cy={y} r={3} fill="#fff59d" />
  </g>
);

const Sparkle = ({ x, y }: { x: number; y: number }) => (
  <path
    d={`M${x} ${y - 4} L${x + 1} ${y - 1} L${x + 4} ${y} L${x + 1} ${y + 1} L${x} ${y + 4} L${x - 1} ${y + 1} L${x - 4} ${y} L${x - 1} ${y - 1}Z`}
    fill="#fff59d"
  />
);

/** One drawing per plant picture (art-keys.ts): a seed, then the five growth stages. */
function PlantShape({ art, colour }: { art: PlantArtKey; colour: string }) {
  switch (art) {
    case 'seed':
      return (
        <g>
          <ellipse cx={32} cy={24} rx={12} ry={16} fill={colour} stroke={SOIL} strokeWidth={2} />
          <path d="M32 9 Q38 24 32 39" stroke={SOIL} strokeWidth={1.5} fill="none" />
          <ellipse cx={27} cy={17} rx={2.5} ry={4} fill="#fff" opacity={0.35} />
        </g>
      );
    case 'sprout':
      return (
        <g>
          <Stem top={30} />
          <Leaf x={27} y={30} angle={-30} size={0.8} />
          <Leaf x={37} y={30} angle={30} size={0.8} />
        </g>
      );
    case 'sapling':
      return (
        <g>
          <Stem top={20} />
          <Leaf x={26} y={32} angle={-25} />
          <Leaf x={38} y={28} angle={25} />
          <Leaf x={27} y={22} angle={-35} size={0.8} />
          <Leaf x={36} y={19} angle={35} size={0.8} />
        </g>
      );
    case 'mature':
      return (
        <g>
          <Stem top={12} />
          <Leaf x={24} y={34} angle={-20} size={1.2} />
          <Leaf x={40} y={32} angle={20} size={1.2} />
          <Leaf x={25} y={24} angle={-30} />
          <Leaf x={39} y={22} angle={30} />
          <Leaf x={27} y={15} angle={-40} size={0.8} />
          <Leaf x={37} y={13} angle={40} size={0.8} />
        </g>
      );
    case 'ready':
      return (
        <g>
          <Stem top={16} />
          <Leaf x={24} y={34} angle={-20} size={1.2} />
          <Leaf x={40} y={32} angle={20} size={1.2} />
          <Leaf x={25} y={25} angle={-30} />
          <Leaf x={39} y={24} angle={30} />
          <Bloom colour={colour} />
        </g>
      );
    case 'evolve':
      return (
        <g>
          <circle cx={32} cy={22} r={16} fill={colour} opacity={0.25} />
          <Stem top={18} />
          <Leaf x={25} y={32} angle={-20} />
          <Leaf x={39} y={30} angle={20} />
          <Bloom colour={colour} y={16} />
          <Sparkle x={14} y={12} />
          <Sparkle x={50} y={18} />
          <Sparkle x={46} y={4} />
        </g>
      );
  }
}

function PotShape({ level }: { level: number }) {
  const bands = potBands(level);
  return (
    <g>
      <path d="M16 44 L48 44 L44 62 L20 62 Z" fill={CLAY} stroke={CLAY_DARK} strokeWidth={1.5} />
      <rect x={13} y={38} width={38} height={7} rx={2} fill={CLAY} stroke={CLAY_DARK} strokeWidth={1.5} />
      <ellipse cx={32} cy={39.5} rx={16} ry={2} fill={SOIL} />
      {Array.from({ length: bands }, (_, band) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: bands are a fixed count, never reordered.
          key={band}
          d={`M${18 + band} ${49 + band * 3.5} L${46 - band} ${49 + band * 3.5}`}
          stroke="#ffe082"
          strokeWidth={1.6}
        />
      ))}
    </g>
  );
}

/** A plant (or seed) on its own, coloured by its rarity. */
export function PlantArt({ art, rarity }: { art: PlantArtKey; rarity: number }) {
  return (
    <Art>
      <g transform="translate(0 10)">
        <PlantShape art={art} colour={rarityColour(rarity)} />
      </g>
    </Art>
  );
}

/** A pot of its level (a band per level above 1), with the plant growing in it if any. */
export function PotArt({ level, plant }: { level: number; plant?: { art: PlantArtKey; rarity: number } }) {
  return (
    <Art>
      {plant && <PlantShape art={plant.art} colour={rarityColour(plant.rarity)} />}
      <PotShape level={level} />
    </Art>
  );
}

/** An item: a potion (grow-time items) or a charm (any other kind). */
export function ItemArt({ art }: { art: ItemArtKey }) {
  return art === 'potion' ? (
    <Art>
      <rect x={27} y={8} width={10} height={8} rx={1} fill="#8d6e63" />
      <path d="M26 16 L38 16 L38 24 L48 40 Q50 58 32 58 Q14 58 16 40 L26 24 Z" fill="#e1f5fe" opacity={0.9} />
      <path d="M18 40 L46 40 Q49 56 32 56 Q15 56 18 40 Z" fill="#66bb6a" />
      <circle cx={26} cy={47} r={2} fill="#c8e6c9" />
      <circle cx={36} cy={50} r={1.5} fill="#c8e6c9" />
      <path
        d="M26 16 L38 16 L38 24 L48 40 Q50 58 32 58 Q14 58 16 40 L26 24 Z"
        fill="none"
        stroke="#90a4ae"
        strokeWidth={1.5}
      />
    </Art>
  ) : (
    <Art>
      <circle cx={32} cy={34} r={18} fill="#7e57c2" stroke="#4527a0" strokeWidth={2} />
      <Sparkle x={32} y={34} />
      <path d="M32 8 L32 16" stroke="#b39ddb" strokeWidth={2} />
    </Art>
  );
}

/** A pet: one creature, drawn richer with rarity (art-keys.ts `petFeatures`). */
export function PetArt({ rarity }: { rarity: number }) {
  const f = petFeatures(rarity);
  return (
    <Art>
      {f.wings && (
        <g fill="#e3f2fd" opacity={0.85}>
          <ellipse cx={14} cy={34} rx={9} ry={5} transform="rotate(-25 14 34)" />
          <ellipse cx={50} cy={34} rx={9} ry={5} transform="rotate(25 50 34)" />
        </g>
      )}
      {f.ears && (
        <g>
          <Leaf x={20} y={16} angle={-60} />
          <Leaf x={44} y={16} angle={60} />
        </g>
      )}
      <ellipse cx={32} cy={38} rx={21} ry={20} fill={f.colour} />
      {f.spots && (
        <g fill="#fff" opacity={0.35}>
          <circle cx={20} cy={45} r={3} />
          <circle cx={44} cy={46} r={2.5} />
          <circle cx={35} cy={53} r={2} />
        </g>
      )}
      <circle cx={24} cy={35} r={3.5} fill="#212121" />
      <circle cx={40} cy={35} r={3.5} fill="#212121" />
      <circle cx={25} cy={34} r={1.2} fill="#fff" />
      <circle cx={41} cy={34} r={1.2} fill="#fff" />
      <path d="M27 44 Q32 49 37 44" stroke="#212121" strokeWidth={2} fill="none" />
      {f.crown && (
        <path d="M23 24 L25 14 L30 20 L32 11 L34 20 L39 14 L41 24 Z" fill="#ffd54f" stroke="#f9a825" />
      )}
    </Art>
  );
}
