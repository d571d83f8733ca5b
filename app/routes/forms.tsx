import { Outlet } from "react-router";
import { loadTexts, textsHandle } from "../utils/text-parts.ts";
import type { Route } from "./+types/forms";

/** The web forms' screens (spec §2 /forms and below). Their texts are a part of their own (utils/text-parts.ts). */
export const handle = textsHandle("webForms");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadTexts("webForms")];

export default function Forms() {
  return <Outlet />;
}
