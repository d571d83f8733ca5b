import type { ComponentType } from "react";
import type { EntityIcon } from "../../server/contract/custom-entities.ts";
import {
  BuildingIcon,
  ChecklistIcon,
  DocumentIcon,
  Icon,
  type IconProps,
  InboxIcon,
  NoteIcon,
  UsersIcon,
} from "./icons.tsx";

function BoxIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
      <path d="m3 8 9 5 9-5M12 13v8" />
    </Icon>
  );
}

function BriefcaseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
    </Icon>
  );
}

function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </Icon>
  );
}

function FolderIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6a2 2 0 0 1 2-2h4l2 3h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </Icon>
  );
}

function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Icon>
  );
}

function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
    </Icon>
  );
}

function TagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
      <circle cx="8" cy="8" r="1.5" />
    </Icon>
  );
}

function TruckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7" />
      <circle cx="6" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Icon>
  );
}

/** The icon of a custom entity, by the name its settings chose (server/contract/custom-entities.ts). */
export const entityIconComponents: Record<EntityIcon, ComponentType<IconProps>> = {
  box: BoxIcon,
  briefcase: BriefcaseIcon,
  calendar: CalendarIcon,
  folder: FolderIcon,
  globe: GlobeIcon,
  star: StarIcon,
  tag: TagIcon,
  truck: TruckIcon,
  building: BuildingIcon,
  users: UsersIcon,
  note: NoteIcon,
  document: DocumentIcon,
  inbox: InboxIcon,
  checklist: ChecklistIcon,
};

export function EntityIconView({ name, ...props }: IconProps & { name: string }) {
  const Component = entityIconComponents[name as EntityIcon] ?? BoxIcon;
  return <Component {...props} />;
}
