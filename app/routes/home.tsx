import { loadHome } from "../features/home/home.server.ts";
import { HomeScreen } from "../features/home/home-screen.tsx";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHome(request, context);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeScreen {...loaderData} />;
}
