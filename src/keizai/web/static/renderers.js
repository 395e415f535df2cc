// Which renderer draws which game: a custom table where one exists, else the generic one.

import { enterpriseEmpireRenderer } from "./renderers/enterprise_empire.js";
import { futuropiaRenderer } from "./renderers/futuropia.js";
import { genericRenderer } from "./renderers/generic.js";
import { nationalEconomyRenderer } from "./renderers/national_economy.js";

export function rendererFor(gameId) {
  if (gameId.startsWith("national-economy/")) return nationalEconomyRenderer;
  if (gameId === "enterprise-empire") return enterpriseEmpireRenderer;
  if (gameId === "futuropia") return futuropiaRenderer;
  return genericRenderer;
}
