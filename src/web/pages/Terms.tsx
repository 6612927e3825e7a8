import { LegalDocumentView } from '../features/content/LegalDocumentView.tsx';

/** /terms: the terms of service admins edit on the Legal tab of /admin/cms. */
export default function Terms() {
  return <LegalDocumentView kind="terms" />;
}
