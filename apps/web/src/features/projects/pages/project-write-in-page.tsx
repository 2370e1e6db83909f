import { Errors } from "@vrf/contract/errors.ts";
import type { TProjectDetail } from "@vrf/contract/projects/project-detail.ts";
import { Alert, App, Button, Card, Flex, Form, Result, Skeleton } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { useCreateProject } from "../api/use-create-project.ts";
import { useMapConfig } from "../api/use-map-config.ts";
import { useProject } from "../api/use-project.ts";
import { useUpdateProject } from "../api/use-update-project.ts";
import { LeaveConfirmModal } from "../components/leave-confirm-modal.tsx";
import { ProjectForm } from "../components/project-form.tsx";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard.ts";
import { projectDetailPath } from "../utils/device-routes.ts";
import {
  emptyProjectValues,
  hasUnsavedChanges,
  type ProjectFormValues,
  projectValuesOf,
  toProjectRequest,
} from "../utils/project-form-values.ts";
import "../components/project-pages.css";

const ROUTE_NAME = "projectWriteIn";

/** The form for one project: new (no project) or an existing one. */
function ProjectEditor({ project }: { project: TProjectDetail | null }) {
  const { t } = useTranslation(["projects", "errors"]);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProjectFormValues>();
  const [initialValues, setInitialValues] = useState(() => (project ? projectValuesOf(project) : emptyProjectValues()));
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mapConfig = useMapConfig();
  const create = useCreateProject();
  const update = useUpdateProject();
  const pending = create.isPending || update.isPending;

  /** Validates and saves; true when saved. Field problems stay on the form. */
  const save = useCallback(async (): Promise<{ id: number; code: string } | null> => {
    setFailure(null);
    let values: ProjectFormValues;
    try {
      values = { ...initialValues, ...(await form.validateFields()) };
    } catch {
      return null;
    }
    const request = toProjectRequest(values);
    try {
      const saved = project
        ? await update.mutateAsync({ id: project.id, ...request })
        : await create.mutateAsync(request);
      setInitialValues(values);
      setDirty(false);
      message.success(project ? t("form.saved") : t("form.created", { code: saved.code }));
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === Errors.illegalPhone.errorCode) {
        form.setFields([{ name: "contactPhone", errors: [t("validation.illegalPhone")] }]);
      } else {
        setFailure(errorMessage(t, error));
      }
      return null;
    }
  }, [form, initialValues, project, create, update, message, t]);

  const guard = useUnsavedChangesGuard({
    routeName: ROUTE_NAME,
    dirty,
    save: async () => (await save()) !== null,
  });

  const submit = async () => {
    const saved = await save();
    if (!saved) return;
    guard.release();
    navigate(projectDetailPath(saved.id), { replace: !project });
  };

  const cancel = () => {
    // Cancel is a navigation like any other: the guard asks when there are unsaved edits.
    if (project) navigate(projectDetailPath(project.id));
    else navigate("/projectMangement/ProjectList");
  };

  return (
    <Card
      className="project-form-card"
      title={project ? t("form.editTitle", { code: project.code }) : t("form.createTitle")}
    >
      <ProjectForm
        form={form}
        initialValues={initialValues}
        code={project?.code ?? null}
        organisationName={project && !project.own ? project.organisationName : null}
        tileUrl={mapConfig.data?.tileUrl ?? null}
        placeSearch={mapConfig.data?.placeSearch ?? false}
        disabled={pending}
        onValuesChange={() => setDirty(hasUnsavedChanges(initialValues, form.getFieldsValue(true)))}
        onSubmit={() => void submit()}
      >
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={t("form.saveFailed")}
            description={failure}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Flex justify="flex-end" gap={8} className="project-form-actions">
          <Button onClick={cancel} disabled={pending}>
            {t("form.cancel")}
          </Button>
          <Button type="primary" htmlType="submit" loading={pending}>
            {t("form.save")}
          </Button>
        </Flex>
      </ProjectForm>
      <LeaveConfirmModal open={guard.asking} saving={guard.saving} onDecide={(choice) => void guard.decide(choice)} />
    </Card>
  );
}

/** projectWriteIn: create a project, or edit one when the address carries `projectCode`. */
export default function ProjectWriteInPage() {
  const { t } = useTranslation(["projects", "errors"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get("projectCode")?.trim() || undefined;
  const project = useProject({ code });

  if (!code) return <ProjectEditor key="new" project={null} />;
  if (project.isLoading) {
    return (
      <Card className="project-form-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (project.isError || !project.data) {
    const missing = project.error instanceof ApiError && project.error.errorCode === Errors.notFound.errorCode;
    return (
      <Card className="project-form-card">
        <Result
          status={missing ? "404" : "error"}
          title={missing ? t("form.notFound") : t("form.loadFailed")}
          subTitle={missing ? null : errorMessage(t, project.error)}
          extra={
            <Flex gap={8} justify="center" wrap>
              {missing ? null : <Button onClick={() => project.refetch()}>{t("common:actions.retry")}</Button>}
              <Button type="primary" onClick={() => navigate("/projectMangement/ProjectList")}>
                {t("form.backToList")}
              </Button>
            </Flex>
          }
        />
      </Card>
    );
  }
  return <ProjectEditor key={project.data.code} project={project.data} />;
}
