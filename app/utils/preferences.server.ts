import { createCookie } from "react-router";
import { isLanguage, type Language } from "./i18n.ts";
import { type MenuLayout, menuLayouts, type Skin, skins } from "./preferences.ts";

const ONE_YEAR = 60 * 60 * 24 * 365;
const cookieOptions = {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: ONE_YEAR,
  secure: process.env.NODE_ENV === "production" && process.env.APP_URL?.startsWith("https://"),
} as const;

export const skinCookie = createCookie("skin", cookieOptions);
export const menuLayoutCookie = createCookie("menu_layout", cookieOptions);
export const languageCookie = createCookie("lng", cookieOptions);

export interface Preferences {
  skin: Skin;
  menuLayout: MenuLayout;
}

export async function readPreferences(request: Request): Promise<Preferences> {
  const header = request.headers.get("Cookie");
  const [skin, menuLayout] = await Promise.all([skinCookie.parse(header), menuLayoutCookie.parse(header)]);
  return {
    skin: (skins as readonly string[]).includes(skin) ? skin : "dark",
    menuLayout: (menuLayouts as readonly string[]).includes(menuLayout) ? menuLayout : "vertical",
  };
}

export async function readLanguageCookie(request: Request): Promise<Language | null> {
  const value = await languageCookie.parse(request.headers.get("Cookie"));
  return isLanguage(value) ? value : null;
}
