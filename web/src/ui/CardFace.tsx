import type { Card } from "hearts-client";

import { rankLabel, SUIT_SYMBOLS, suitOf } from "../cards";

/** A card drawn as SVG: rank and suit in the corner, the suit in the middle. */
export function CardFace({ card }: { card: Card }) {
  const suit = suitOf(card);
  return (
    <svg class={`face suit-${suit}`} viewBox="0 0 60 84" aria-hidden="true" focusable="false">
      <rect class="paper" x="1" y="1" width="58" height="82" rx="6" />
      <text class="corner" x="5" y="19">{rankLabel(card)}</text>
      <text class="corner" x="5" y="36">{SUIT_SYMBOLS[suit]}</text>
      <text class="pip" x="34" y="66" text-anchor="middle">{SUIT_SYMBOLS[suit]}</text>
    </svg>
  );
}
