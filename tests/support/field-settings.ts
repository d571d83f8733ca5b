import type { FieldSetting } from "../../server/contract/custom-fields.ts";

/**
 * A field's settings as the settings screens read them, for tests: an optional, active custom field "share" of type
 * Percent, with a default and limits, changed by `overrides`.
 */
export function fieldSettingOf(overrides: Partial<FieldSetting> = {}): FieldSetting {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    key: "share",
    labelEn: "Share",
    labelNb: "Andel",
    type: "Percent",
    required: false,
    unique: false,
    active: true,
    hidden: false,
    builtIn: false,
    customField: true,
    searchable: false,
    partOfName: false,
    favorite: true,
    position: 1,
    minLength: null,
    maxLength: null,
    minValue: 0.07,
    maxValue: 0.5,
    from: null,
    to: null,
    defaultValue: 0.25,
    options: [],
    query: null,
    ...overrides,
  };
}
