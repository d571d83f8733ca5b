// @vitest-environment happy-dom
import { act, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { whenReached } from "./when-reached.tsx";

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const clicked: string[] = [];
function Assign({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => clicked.push(label)}>
      {label}
    </button>
  );
}
const loader = () => vi.fn(async () => ({ default: Assign }));

/** The part's HTML as the server sends it: there the code loads at once (no document). */
async function serverHtml(label: string): Promise<string> {
  const Part = whenReached(loader());
  vi.stubGlobal("document", undefined);
  try {
    const { prelude } = await prerender(<Part label={label} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    return await new Response(prelude).text();
  } finally {
    vi.unstubAllGlobals();
  }
}

async function hydrated(label: string) {
  const load = loader();
  const Part = whenReached(load);
  const container = document.createElement("div");
  container.innerHTML = await serverHtml(label);
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Part label={label} />);
  });
  return { load, Part, container, root: root as ReturnType<typeof hydrateRoot> };
}

afterEach(() => {
  document.body.innerHTML = "";
  delete document.documentElement.dataset.hydrated;
  clicked.length = 0;
});

describe("a part loaded when reached", () => {
  it("keeps the server's HTML without its code until a pointer reaches it, then hydrates in place", async () => {
    const { load, container } = await hydrated("Assign");
    const button = container.querySelector("button") as HTMLButtonElement;
    expect(button.textContent).toBe("Assign");
    await act(async () => button.click());
    expect(load).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);

    await act(async () => {
      button.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => {
      await act(async () => button.click());
      expect(clicked).toEqual(["Assign"]);
    });
    // Hydrated, not drawn anew.
    expect(container.querySelector("button")).toBe(button);
  });

  it("loads when the keyboard's focus reaches it", async () => {
    const { load, container } = await hydrated("Assign");
    await act(async () => (container.querySelector("button") as HTMLButtonElement).focus());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads when given new data before it is reached", async () => {
    const { load, Part, root } = await hydrated("Assign");
    await act(async () => root.render(<Part label="Assign" />));
    expect(load).not.toHaveBeenCalled();
    await act(async () => root.render(<Part label="Assign to a group" />));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets the router's new data through a page with a part not yet reached, loading it only for data of its own", async () => {
    const pageOf =
      (Part: ReturnType<typeof whenReached<typeof Assign>>) =>
      ({ notice, label = "Assign" }: { notice: string; label?: string }) => (
        <>
          <p>{notice}</p>
          <Part label={label} />
        </>
      );
    const container = document.createElement("div");
    const ServerPage = pageOf(whenReached(loader()));
    vi.stubGlobal("document", undefined);
    try {
      const { prelude } = await prerender(<ServerPage notice="Before" />, {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      });
      container.innerHTML = await new Response(prelude).text();
    } finally {
      vi.unstubAllGlobals();
    }
    const load = loader();
    const Page = pageOf(whenReached(load));
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page notice="Before" />);
    });
    document.documentElement.dataset.hydrated = "true";
    expect(load).not.toHaveBeenCalled();
    // The router commits a revalidation's data in a transition; the part's is the same, in new objects.
    await act(async () => startTransition(() => root?.render(<Page notice="Added to your shortcuts" />)));
    await vi.waitFor(() => expect(container.querySelector("p")?.textContent).toBe("Added to your shortcuts"));
    expect(load).not.toHaveBeenCalled();
    // Data of its own needs its code, which loads at once, and the render goes through.
    await act(async () => startTransition(() => root?.render(<Page notice="Assigned" label="Assign to a group" />)));
    await vi.waitFor(() => expect(container.querySelector("button")?.textContent).toBe("Assign to a group"));
    expect(container.querySelector("p")?.textContent).toBe("Assigned");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads at once when it mounts on a page that is interactive already", async () => {
    document.documentElement.dataset.hydrated = "true";
    const load = loader();
    const Part = whenReached(load);
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => createRoot(container).render(<Part label="Assign" />));
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(container.querySelector("button")?.textContent).toBe("Assign"));
  });
});
