export const skins = ["dark", "light"] as const;
export type Skin = (typeof skins)[number];
export const menuLayouts = ["vertical", "horizontal"] as const;
export type MenuLayout = (typeof menuLayouts)[number];
