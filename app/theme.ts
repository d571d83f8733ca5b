import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

const config = defineConfig({
  theme: {
    // The product's breakpoints: xs 576, sm 768, md 992, lg 1200.
    breakpoints: { xs: "576px", sm: "768px", md: "992px", lg: "1200px", xl: "1400px", "2xl": "1600px" },
    tokens: {
      fonts: {
        heading: { value: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
  },
  globalCss: {
    "html, body": { minHeight: "100%" },
    body: { bg: "bg.subtle", color: "fg" },
  },
});

export const system = createSystem(defaultConfig, config);
