import { Alert } from "antd";
import type { ReactNode } from "react";

/** The error under a form that no single field owns (account locked, network down). */
export function FormErrorAlert({ message, action }: { message: ReactNode | null; action?: ReactNode }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} action={action} style={{ marginBottom: 20 }} />;
}
