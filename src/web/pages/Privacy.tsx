import { LegalDocumentView } from '../features/content/LegalDocumentView.tsx';

/** /privacy: the privacy policy (POPIA) admins edit on the Legal tab of /admin/cms. */
export default function Privacy() {
  return <LegalDocumentView kind="privacy" />;
}
