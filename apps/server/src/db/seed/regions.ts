/** Countries and main cities offered in address forms, in both languages. */
interface RegionSeed {
  code: string;
  zh: string;
  en: string;
  cities: { code: string; zh: string; en: string }[];
}

export const REGIONS: RegionSeed[] = [
  {
    code: "CN",
    zh: "中国",
    en: "China",
    cities: [
      { code: "CN-BJ", zh: "北京", en: "Beijing" },
      { code: "CN-SH", zh: "上海", en: "Shanghai" },
      { code: "CN-GZ", zh: "广州", en: "Guangzhou" },
      { code: "CN-SZ", zh: "深圳", en: "Shenzhen" },
      { code: "CN-QD", zh: "青岛", en: "Qingdao" },
    ],
  },
  {
    code: "DE",
    zh: "德国",
    en: "Germany",
    cities: [
      { code: "DE-BER", zh: "柏林", en: "Berlin" },
      { code: "DE-MUC", zh: "慕尼黑", en: "Munich" },
      { code: "DE-HAM", zh: "汉堡", en: "Hamburg" },
      { code: "DE-FRA", zh: "法兰克福", en: "Frankfurt" },
    ],
  },
  {
    code: "ES",
    zh: "西班牙",
    en: "Spain",
    cities: [
      { code: "ES-MAD", zh: "马德里", en: "Madrid" },
      { code: "ES-BCN", zh: "巴塞罗那", en: "Barcelona" },
      { code: "ES-VLC", zh: "瓦伦西亚", en: "Valencia" },
    ],
  },
  {
    code: "IT",
    zh: "意大利",
    en: "Italy",
    cities: [
      { code: "IT-MIL", zh: "米兰", en: "Milan" },
      { code: "IT-ROM", zh: "罗马", en: "Rome" },
      { code: "IT-TRN", zh: "都灵", en: "Turin" },
    ],
  },
  {
    code: "FR",
    zh: "法国",
    en: "France",
    cities: [
      { code: "FR-PAR", zh: "巴黎", en: "Paris" },
      { code: "FR-LYS", zh: "里昂", en: "Lyon" },
      { code: "FR-MRS", zh: "马赛", en: "Marseille" },
    ],
  },
  {
    code: "GB",
    zh: "英国",
    en: "United Kingdom",
    cities: [
      { code: "GB-LON", zh: "伦敦", en: "London" },
      { code: "GB-MAN", zh: "曼彻斯特", en: "Manchester" },
      { code: "GB-BHM", zh: "伯明翰", en: "Birmingham" },
    ],
  },
  {
    code: "TR",
    zh: "土耳其",
    en: "Turkey",
    cities: [
      { code: "TR-IST", zh: "伊斯坦布尔", en: "Istanbul" },
      { code: "TR-ANK", zh: "安卡拉", en: "Ankara" },
    ],
  },
  {
    code: "AE",
    zh: "阿联酋",
    en: "United Arab Emirates",
    cities: [
      { code: "AE-DXB", zh: "迪拜", en: "Dubai" },
      { code: "AE-AUH", zh: "阿布扎比", en: "Abu Dhabi" },
    ],
  },
  {
    code: "AU",
    zh: "澳大利亚",
    en: "Australia",
    cities: [
      { code: "AU-SYD", zh: "悉尼", en: "Sydney" },
      { code: "AU-MEL", zh: "墨尔本", en: "Melbourne" },
    ],
  },
];
