import { Flex, Tag } from "antd";
import { useTranslation } from "react-i18next";

/** The modules an account or invitation holds, one tag each. */
export function ModuleTags({ authorities }: { authorities: readonly number[] }) {
  const { t } = useTranslation("team");
  return (
    <Flex wrap gap={4}>
      {authorities.map((a) => (
        <Tag key={a} color={a === 2 ? "cyan" : "purple"} style={{ marginInlineEnd: 0 }}>
          {t(`modules.${a}`)}
        </Tag>
      ))}
    </Flex>
  );
}
