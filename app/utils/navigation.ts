import type { ComponentType, SVGProps } from "react";
import { HomeIcon } from "../components/icons.tsx";

export interface NavItem {
  to: string;
  /** Key in the translations. */
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

/** Menu entries; a section is listed here only once its screens work. */
export const navItems: NavItem[] = [{ to: "/", label: "nav.home", icon: HomeIcon, end: true }];
