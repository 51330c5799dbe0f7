/** Cards as the server writes them (`QS`, `TH`, `2C`): their parts, names and order. */
import type { Card } from "hearts-client";

export type Suit = "C" | "D" | "S" | "H";

const RANK_NAMES: Record<string, string> = {
  "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
  "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
export const SUIT_NAMES: Record<Suit, string> = { C: "clubs", D: "diamonds", S: "spades", H: "hearts" };
export const SUIT_SYMBOLS: Record<Suit, string> = { C: "♣", D: "♦", S: "♠", H: "♥" };

export const rankOf = (card: Card): string => card.charAt(0);
export const suitOf = (card: Card): Suit => card.charAt(1) as Suit;

/** The rank as printed on the card's corner: 10 for T. */
export const rankLabel = (card: Card): string => (rankOf(card) === "T" ? "10" : rankOf(card));

/** The card's name in words: "queen of spades". */
export const cardName = (card: Card): string => `${RANK_NAMES[rankOf(card)]} of ${SUIT_NAMES[suitOf(card)]}`;
