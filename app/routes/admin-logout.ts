import { redirect } from "react-router";

// Placeholder until the administrator issue adds sessions.
export function action() {
  return redirect("/home");
}

export function loader() {
  return redirect("/home");
}
