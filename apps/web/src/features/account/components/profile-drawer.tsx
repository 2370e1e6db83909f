import type { TProfile } from "@vrf/contract/account/profile.ts";
import { Alert, Button, Drawer, Flex, Form, Grid, message } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAddUserProfile } from "../api/use-add-user-profile.ts";
import { useUpdateUserProfile } from "../api/use-update-user-profile.ts";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { emptyProfile, ProfileForm, type ProfileValues, profileValuesOf, toProfileRequest } from "./profile-form.tsx";

interface ProfileDrawerProps {
  open: boolean;
  onClose: () => void;
  /** `null`: no profile yet, the drawer creates one. */
  profile: TProfile | null;
  email: string;
}

const PROFILE_ERROR_FIELDS = { 600701: "phone" } as const;

export function ProfileDrawer({ open, onClose, profile, email }: ProfileDrawerProps) {
  const { t } = useTranslation("account");
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<ProfileValues>();
  const [messageApi, messageHolder] = message.useMessage();
  const addProfile = useAddUserProfile();
  const updateProfile = useUpdateUserProfile();
  const creating = profile === null;
  const saving = creating ? addProfile : updateProfile;
  const serverError = useFormServerError(form, PROFILE_ERROR_FIELDS);

  // The form is destroyed on close and starts again from the saved profile; so does its error.
  const { clear } = serverError;
  useEffect(() => {
    if (open) clear();
  }, [open, clear]);

  const onSubmit = async (values: ProfileValues) => {
    serverError.clear();
    try {
      await saving.mutateAsync(toProfileRequest(values));
      messageApi.success(creating ? t("profile.created") : t("profile.saved"));
      onClose();
    } catch (error) {
      serverError.show(error);
    }
  };

  return (
    <>
      {messageHolder}
      <Drawer
        open={open}
        onClose={onClose}
        title={creating ? t("profile.completeTitle") : t("profile.editTitle")}
        size={screens.sm ? 560 : "100%"}
        destroyOnHidden
        footer={
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose} disabled={saving.isPending}>
              {t("actions.cancel")}
            </Button>
            <Button type="primary" onClick={() => form.submit()} loading={saving.isPending}>
              {t("actions.save")}
            </Button>
          </Flex>
        }
      >
        <ProfileForm
          form={form}
          email={email}
          initialValues={profile ? profileValuesOf(profile) : emptyProfile()}
          disabled={saving.isPending}
          onSubmit={onSubmit}
          onChange={serverError.clear}
        >
          {serverError.alert && <Alert type="error" showIcon title={serverError.alert} />}
        </ProfileForm>
      </Drawer>
    </>
  );
}
