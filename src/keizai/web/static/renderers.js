// Which renderer draws which game: a custom table where one exists, else the generic one.

import { genericRenderer } from "./renderers/generic.js";
import { nationalEconomyRenderer } from "./renderers/national_economy.js";

export function rendererFor(gameId) {
  if (gameId.startsWith("national-economy/")) return nationalEconomyRenderer;
  return genericRenderer;
}
