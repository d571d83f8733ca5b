import type { ComponentType, SVGProps } from "react";
import {
  BuildingIcon,
  ChecklistIcon,
  DocumentIcon,
  ExportIcon,
  FormIcon,
  HomeIcon,
  ImportIcon,
  InboxIcon,
  NoteIcon,
  SearchIcon,
  SettingsIcon,
  UsersIcon,
} from "../components/icons.tsx";

export interface NavItem {
  to: string;
  /** Key in the translations. */
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
  /** Listed only for users who may read this resource, or one of these. */
  resource?: string | readonly string[];
  /** Listed after the custom entities' entries. */
  trailing?: boolean;
}

/** Menu entries; a section is listed here only once its screens work. */
export const navItems: NavItem[] = [
  { to: "/", label: "nav.home", icon: HomeIcon, end: true },
  { to: "/companies", label: "nav.companies", icon: BuildingIcon, resource: "Company" },
  { to: "/contacts", label: "nav.contacts", icon: UsersIcon, resource: "Contact" },
  { to: "/inquiries", label: "nav.inquiries", icon: InboxIcon, resource: "Inquiry" },
  { to: "/todo", label: "nav.todo", icon: ChecklistIcon, resource: "Todo" },
  { to: "/notes", label: "nav.notes", icon: NoteIcon, resource: "Note" },
  { to: "/documents", label: "nav.documents", icon: DocumentIcon, resource: "Document" },
  {
    to: "/advanced-search",
    label: "nav.advancedSearch",
    icon: SearchIcon,
    resource: ["Advanced_Search_Global", "Advanced_Search_Personal"],
    trailing: true,
  },
  { to: "/forms", label: "nav.forms", icon: FormIcon, resource: "Form", trailing: true },
  { to: "/imports", label: "nav.imports", icon: ImportIcon, resource: "Import", trailing: true },
  { to: "/exports", label: "nav.exports", icon: ExportIcon, resource: "Export", trailing: true },
  { to: "/system-settings", label: "nav.settings", icon: SettingsIcon, resource: "System_Settings", trailing: true },
];
