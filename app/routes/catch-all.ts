import { redirect } from "react-router";

export function loader() {
  return redirect("/error-404");
}

export function action() {
  return redirect("/error-404");
}
