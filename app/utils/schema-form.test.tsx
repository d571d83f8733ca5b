import { getInputProps } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useSchemaForm } from "./schema-form.ts";

const named = z.object({ name: z.string().min(2).max(40), note: z.string().optional() });

/** The name input of a form over `schema`, as the server renders it (before JavaScript). */
function nameInput(schema: z.ZodType<{ name: string }, { name: string; note?: string }>) {
  function Form() {
    const [form, fields] = useSchemaForm(schema, { id: "named" });
    return (
      <form id={form.id}>
        <input {...getInputProps(fields.name, { type: "text" })} />
      </form>
    );
  }
  return renderToStaticMarkup(<Form />);
}

describe("useSchemaForm", () => {
  it("puts the schema's rules on the inputs, so the browser checks them before JavaScript", () => {
    const html = nameInput(named);
    expect(html).toContain('required=""');
    expect(html).toContain('minLength="2"');
    expect(html).toContain('maxLength="40"');
  });

  it("takes the rules of a schema that reshapes what it parses from what the form submits", () => {
    const reshaped = named.transform(({ name }) => ({ name: name.trim() }));
    const html = nameInput(reshaped);
    expect(html).toContain('required=""');
    expect(html).toContain('maxLength="40"');
  });
});
