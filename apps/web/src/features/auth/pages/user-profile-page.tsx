import { Button, Flex, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { currentLanguageId } from "../../../lib/i18n.ts";
import { readStorage, StorageKey } from "../../../lib/storage.ts";
import { useAddUserProfile } from "../api/use-add-user-profile.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { FormErrorAlert } from "../components/form-error-alert.tsx";
import { ProfileForm, type ProfileValues } from "../components/profile-form.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { readRegistration } from "../utils/journey-storage.ts";

const PROFILE_ERROR_FIELDS = { 600701: "phone" } as const;
const PROFILE_EXISTS = 611703;

export default function UserProfilePage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [form] = Form.useForm<ProfileValues>();
  const addProfile = useAddUserProfile();
  const serverError = useFormServerError(form, PROFILE_ERROR_FIELDS);
  const languageId = currentLanguageId();
  const [email] = useState(() => readStorage(StorageKey.account) ?? readRegistration()?.email ?? "");

  const onSubmit = async (values: ProfileValues) => {
    serverError.clear();
    try {
      await addProfile.mutateAsync({ ...values, country: values.country ?? "", city: values.city ?? "" });
      navigate("/success", { replace: true });
    } catch (error) {
      // Saved before (a second tab, a reload after the request went through): nothing is lost.
      if (error instanceof ApiError && error.errorCode === PROFILE_EXISTS) {
        navigate("/success", { replace: true });
        return;
      }
      serverError.show(error);
    }
  };

  return (
    <AuthLayout wide journey="registration" title={t("userProfile.title")} subtitle={t("userProfile.subtitle")}>
      <ProfileForm
        form={form}
        email={email}
        uiLanguageId={languageId}
        initialValues={{ languageId, phone: "", country: undefined, city: "", street: "", houseNumber: "", zip: "" }}
        disabled={addProfile.isPending}
        onSubmit={onSubmit}
        onChange={serverError.clear}
      >
        <FormErrorAlert message={serverError.alert} />
        <Flex gap={12} justify="flex-end" wrap>
          <Button size="large" onClick={() => navigate("/success", { replace: true })} disabled={addProfile.isPending}>
            {t("userProfile.skip")}
          </Button>
          <Button size="large" type="primary" htmlType="submit" loading={addProfile.isPending}>
            {t("userProfile.submit")}
          </Button>
        </Flex>
      </ProfileForm>
    </AuthLayout>
  );
}
