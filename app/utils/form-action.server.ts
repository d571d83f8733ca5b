import { data } from "react-router";

/**
 * The form an action was posted, or a 400 answer when the body is not one (another content type, a body cut off):
 * every action reads its form through this.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Bad request", { status: 400 });
  }
}
