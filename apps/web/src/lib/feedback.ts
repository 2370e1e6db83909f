import { type App, Modal, message } from "antd";

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi["message"];
type ModalHookAPI = AppApi["modal"];

/**
 * Toasts and confirm boxes raised outside React (api client, live socket).
 * The app binds the instances of antd's <App> so they follow the theme and
 * locale; before that (or in tests) the static functions are used.
 */
let boundMessage: MessageInstance | null = null;
let boundModal: ModalHookAPI | null = null;

export const bindFeedback = (messageApi: MessageInstance, modalApi: ModalHookAPI): void => {
  boundMessage = messageApi;
  boundModal = modalApi;
};

export const messageApi = (): MessageInstance => boundMessage ?? message;
type ConfirmOptions = Parameters<ModalHookAPI["confirm"]>[0];

export const confirmDialog = (options: ConfirmOptions): void => {
  if (boundModal) void boundModal.confirm(options);
  else Modal.confirm(options);
};

/** A box with one button, for what the user must read before going on (a password shown once). */
export const noticeDialog = (options: ConfirmOptions): void => {
  if (boundModal) void boundModal.warning(options);
  else Modal.warning(options);
};

export const toastError = (content: string, durationSeconds = 5, key?: string): void => {
  void messageApi().open({ type: "error", content, duration: durationSeconds, key });
};
