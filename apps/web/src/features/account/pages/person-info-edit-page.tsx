import { Alert, Button, Card, Flex, Form, Grid, message, Result, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/error-text.ts";
import { readStorage, StorageKey } from "../../../lib/storage.ts";
import { useAddUserProfile } from "../api/use-add-user-profile.ts";
import { useUpdateUserProfile } from "../api/use-update-user-profile.ts";
import { useUserProfile } from "../api/use-user-profile.ts";
import {
  emptyProfile,
  ProfileForm,
  type ProfileValues,
  profileValuesOf,
  toProfileRequest,
} from "../components/profile-form.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";

const PROFILE_ERROR_FIELDS = { 600701: "phone" } as const;

/** personInfoEdit ("settings"): the profile as a form, saved in place. */
export default function PersonInfoEditPage() {
  const { t } = useTranslation(["account", "errors"]);
  const profile = useUserProfile();
  const addProfile = useAddUserProfile();
  const updateProfile = useUpdateUserProfile();
  const [form] = Form.useForm<ProfileValues>();
  const screens = Grid.useBreakpoint();
  const [messageApi, messageHolder] = message.useMessage();
  const serverError = useFormServerError(form, PROFILE_ERROR_FIELDS);
  const [accountEmail] = useState(() => readStorage(StorageKey.account) ?? "");
  const creating = profile.data === null;
  const saving = creating ? addProfile : updateProfile;

  const onSubmit = async (values: ProfileValues) => {
    serverError.clear();
    try {
      const saved = await saving.mutateAsync(toProfileRequest(values));
      form.setFieldsValue(profileValuesOf(saved));
      messageApi.success(creating ? t("profile.created") : t("profile.saved"));
    } catch (error) {
      serverError.show(error);
    }
  };

  const body = () => {
    if (profile.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (profile.isError) {
      return (
        <Result
          status="error"
          title={t("profile.loadFailed")}
          subTitle={errorMessage(t, profile.error)}
          extra={<Button onClick={() => profile.refetch()}>{t("actions.retry")}</Button>}
        />
      );
    }
    const initialValues = profile.data ? profileValuesOf(profile.data) : emptyProfile();
    return (
      <>
        {creating && <Alert type="info" showIcon title={t("profile.noneYet")} style={{ marginBottom: 24 }} />}
        <ProfileForm
          form={form}
          email={profile.data?.email || accountEmail}
          initialValues={initialValues}
          disabled={saving.isPending}
          onSubmit={onSubmit}
          onChange={serverError.clear}
        >
          {serverError.alert && <Alert type="error" showIcon title={serverError.alert} style={{ marginBottom: 16 }} />}
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => form.setFieldsValue(initialValues)} disabled={saving.isPending}>
              {t("actions.reset")}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving.isPending}>
              {t("actions.save")}
            </Button>
          </Flex>
        </ProfileForm>
      </>
    );
  };

  return (
    <Flex justify="center">
      {messageHolder}
      <Card
        style={{ width: "100%", maxWidth: 880 }}
        title={t("profile.editTitle")}
        // On a phone the title needs the whole header; the page is one tap away in the user menu.
        extra={screens.sm ? <Link to="/platformCenter/perInfo">{t("profile.viewInfo")}</Link> : null}
      >
        {body()}
      </Card>
    </Flex>
  );
}
