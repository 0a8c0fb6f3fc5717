import { Link } from "react-router";

/** The way back from a settings page to the list of them, under the page's header. */
export function SettingsBackLink() {
  return (
    <p className="-mt-2 mb-4 text-sm">
      <Link to="/admin/settings" className="text-brand-700 underline-offset-4 hover:underline">
        ← All settings
      </Link>
    </p>
  );
}
