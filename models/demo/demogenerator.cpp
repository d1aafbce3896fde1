#include "demo/demogenerator.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <random>

namespace hireloop {

namespace {

constexpr qint64 Minute = 60;
constexpr qint64 Hour = 3600;
constexpr qint64 Day = 86400;

// Deterministic draws on top of std::mt19937, whose output sequence the C++ standard
// fixes. The standard distributions are avoided: their results differ between
// standard libraries, and the same seed must give the same data everywhere.
class Rng
{
public:
    explicit Rng(quint32 seed) : m_engine(seed) {}

    quint32 bits() { return quint32(m_engine()); }
    int below(int n) { return n <= 1 ? 0 : int((quint64(bits()) * quint64(n)) >> 32); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    double unit() { return bits() * (1.0 / 4294967296.0); }
    bool chance(double p) { return unit() < p; }
    // Close to a standard normal: six uniforms, centred and scaled (Irwin-Hall).
    double normal()
    {
        double s = 0;
        for (int i = 0; i < 6; ++i)
            s += unit();
        return (s - 3.0) * 1.4142135623730951;
    }
    template <typename T>
    const T &pick(const QList<T> &list) { return list.at(below(int(list.size()))); }
    int weighted(const QList<int> &weights, int total)
    {
        int r = below(total);
        for (int i = 0; i < weights.size(); ++i) {
            if (r < weights.at(i))
                return i;
            r -= weights.at(i);
        }
        return int(weights.size()) - 1;
    }

private:
    std::mt19937 m_engine;
};

// A bijection on 64 bits (the splitmix64 finaliser): distinct inputs, distinct outputs.
quint64 mix64(quint64 x)
{
    x ^= x >> 30;
    x *= Q_UINT64_C(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x *= Q_UINT64_C(0x94d049bb133111eb);
    x ^= x >> 31;
    return x;
}

// --- Reference tables. UTF-8, '|'-separated, parsed once per generator. ---------------

struct NameGroupData
{
    const char *key;
    int weight;
    const char *given;
    const char *family;
    const char *universities;  // email domains of the group's universities
};

const NameGroupData NameGroups[] = {
    {"north-america", 15,
     "James|Emily|Michael|Olivia|Ethan|Madison|Tyler|Hannah|Jacob|Abigail|Ryan|Megan|Brandon|Ashley|Connor|Kayla|"
     "Dylan|Brianna|Austin|Taylor|Jordan|Morgan|Caleb|Avery|Logan|Harper|Mason|Riley|Wyatt|Chloe|Nathan|Grace",
     "Johnson|Williams|Miller|Davis|Anderson|Thomas|Jackson|White|Harris|Thompson|Moore|Clark|Lewis|Robinson|"
     "Walker|Young|Allen|King|Wright|Scott|Hill|Green|Adams|Baker|Nelson|Carter|Mitchell|Roberts|Turner|Phillips|"
     "Campbell|Parker",
     "cs.stanford.example|eecs.berkeley.example|cmu.example|mit.example|cs.washington.example|utoronto.example|"
     "umich.example|gatech.example"},
    {"western-europe", 13,
     "Lukas|Anna|Maximilian|Lea|Jonas|Clara|Felix|Sophie|Élodie|Théo|Camille|Louis|Chloé|Hugo|Manon|Léa|Daan|Sanne|"
     "Thijs|Femke|Oliver|Charlotte|Siobhán|Seán|Niamh|Jürgen|Zoë|Noémie|Matthias|Moritz|Astrid|Lars|Ingrid|Mikkel|"
     "Freya|Bastien",
     "Müller|Schmidt|Schneider|Fischer|Weber|Becker|Hoffmann|Schäfer|Dubois|Martin|Bernard|Lefèvre|Moreau|Laurent|"
     "Girard|Fournier|de Vries|Jansen|van den Berg|Bakker|Visser|Smith|Jones|Taylor|O'Brien|Murphy|Kelly|Walsh|"
     "Wagner|Roux|Johansson|Nielsen|Hansen|Lindqvist|Virtanen|Peeters",
     "tum.example|ethz.example|inria.example|uva.example|kth.example|ox.example|tcd.example|mpi-inf.example|"
     "ens.example|tudelft.example"},
    {"central-eastern-europe", 9,
     "Łukasz|Agnieszka|Katarzyna|Piotr|Małgorzata|Tomasz|Zofia|Jakub|Ondřej|Tereza|Jiří|Kateřina|Andriy|Oksana|"
     "Dmytro|Iryna|Bogdan|Ioana|Andrei|Elena|Mihai|Zsófia|Bence|Réka|Dávid|Marija|Luka|Nikola|Petra|Milan|Jana|Vesna",
     "Nowak|Mazur|Wójcik|Kowalczyk|Krawczyk|Pawlak|Shevchenko|Kovalenko|Bondarenko|Tkachenko|Kravchenko|Popescu|"
     "Ionescu|Dumitrescu|Stan|Constantin|Nagy|Kovács|Tóth|Szabó|Horváth|Varga|Petrović|Jovanović|Horvat|"
     "Kovačević|Babić|Marković|Lazić|Sokolović|Radu|Moldovan",
     "uw.example|agh.example|cvut.example|knu.example|upb.example|elte.example|unizg.example|etf.example"},
    {"southern-europe", 7,
     "Giulia|Marco|Alessandro|Francesca|Lorenzo|Chiara|Matteo|Sara|Pablo|Álvaro|Nerea|Iñigo|Carmen|Javier|Marta|"
     "João|Inês|Tiago|Leonor|Luca|Elisa|Davide|Federica|Sergio|Irene|Raúl|Núria|Jordi",
     "Rossi|Russo|Ferrari|Esposito|Bianchi|Romano|Colombo|Ricci|Marino|Greco|Fernández|Ruiz|Moreno|Jiménez|"
     "Navarro|Muñoz|Iglesias|Ferreira|Rodrigues|Gonçalves|Sousa|Conti|De Luca|Gallo|Puig|Serrano|Vidal|Fontana",
     "polimi.example|unibo.example|upc.example|uam.example|ulisboa.example|sapienza.example|up.example"},
    {"china", 13,
     "Wei|Jing|Xiaoming|Yifan|Haoran|Zihan|Mei|Ming|Jia|Zhen|Rui|Yuxuan|Xinyi|Hao|Lei|Tian|Chen|Yue|Shuo|Qian|"
     "Bo|Xiaoyu|Jiahui|Zhiwei|Yu-ting|Chia-hao|Pei-shan|Tzu-yu|Kai|Lan|Siyuan|Ruoxi",
     "Zhang|Wang|Li|Liu|Chen|Yang|Huang|Zhao|Wu|Zhou|Xu|Sun|Ma|Zhu|Hu|Guo|He|Lin|Luo|Gao|Zheng|Liang|Xie|Song|"
     "Tang|Han|Feng|Deng|Cao|Tsai|Hsu|Peng",
     "tsinghua.example|pku.example|sjtu.example|zju.example|ustc.example|ntu.example|hku.example|fudan.example"},
    {"japan", 3,
     "Yuki|Haruto|Sakura|Takeshi|Aiko|Kenji|Hiroshi|Yui|Ren|Daiki|Naoko|Sota|Hina|Kaito|Riko|Shota|Mio|Takumi|"
     "Ayaka|Yuto",
     "Tanaka|Suzuki|Takahashi|Watanabe|Sato|Ito|Nakamura|Kobayashi|Kato|Yamamoto|Yoshida|Yamada|Sasaki|Matsumoto|"
     "Inoue|Kimura|Hayashi|Shimizu|Mori|Ikeda",
     "u-tokyo.example|kyoto-u.example|titech.example|osaka-u.example"},
    {"korea", 4,
     "Min-jun|Seo-yeon|Ji-woo|Ha-eun|Joon-ho|Soo-jin|Hyun-woo|Ji-hoon|Yeon-woo|Da-eun|Sung-min|Eun-ji|Do-hyun|"
     "Ye-jin|Jae-won|Hye-jin",
     "Kim|Lee|Park|Choi|Jung|Kang|Cho|Yoon|Jang|Lim|Han|Shin|Seo|Kwon|Hwang|Ahn",
     "kaist.example|snu.example|postech.example|yonsei.example"},
    {"vietnam", 3,
     "Minh|Linh|Huy|Thảo|Tuấn|Ngọc|Dũng|Hương|Quang|Trang|Anh|Khánh|Phương|Long",
     "Nguyễn|Trần|Lê|Phạm|Hoàng|Vũ|Đặng|Bùi|Đỗ|Hồ|Ngô|Dương",
     "hcmut.example|vnu.example|hust.example"},
    {"india", 12,
     "Aarav|Priya|Arjun|Ananya|Rohan|Kavya|Vikram|Sneha|Rahul|Divya|Aditya|Meera|Siddharth|Pooja|Karthik|Lakshmi|"
     "Nikhil|Shreya|Harpreet|Gurpreet|Rajesh|Anjali|Varun|Deepika|Sanjay|Ishaan|Tanvi|Abhishek|Neha|Aishwarya",
     "Sharma|Patel|Iyer|Reddy|Nair|Gupta|Singh|Kumar|Rao|Menon|Chatterjee|Banerjee|Mukherjee|Desai|Joshi|"
     "Kulkarni|Pillai|Krishnan|Verma|Agarwal|Bhattacharya|Subramanian|Venkatesh|Mehta|Srinivasan|Ghosh|Bose|"
     "Chopra|Malhotra|Saxena",
     "iisc.example|iitb.example|iitd.example|iitm.example|iiit-h.example|iitk.example"},
    {"pakistan-bangladesh-sri-lanka", 3,
     "Imran|Ayesha|Farhan|Nusrat|Tanvir|Sadia|Bilal|Hira|Usman|Zara|Kasun|Dilini|Tharindu|Nadeesha",
     "Rahman|Hossain|Chowdhury|Khan|Qureshi|Malik|Siddiqui|Ahmed|Islam|Perera|Fernando|Jayasinghe|Wickramasinghe",
     "lums.example|buet.example|nust.example|mrt.example"},
    {"latin-america", 7,
     "José|María|Juan|Camila|Santiago|Valentina|Mateo|Sofía|Diego|Lucía|Gabriel|Ana|Felipe|Isabela|Andrés|Daniela|"
     "Joaquín|Catalina|Tomás|Mariana|Luis|Paula|Rafael|Fernanda|Thiago|Beatriz|João Pedro|Larissa|Rodrigo|Ximena|"
     "Emilio|Renata",
     "García|Rodríguez|Martínez|Hernández|López|González|Pérez|Sánchez|Ramírez|Torres|Flores|Rivera|Gómez|Díaz|"
     "Silva|Santos|Oliveira|Souza|Costa|Pereira|Almeida|Carvalho|Mendoza|Castillo|Vargas|Rojas|Morales|Ortiz|"
     "Gutiérrez|Chávez|Herrera|Medina",
     "usp.example|unicamp.example|unam.example|uba.example|uchile.example|uniandes.example|puc-rio.example"},
    {"west-africa", 4,
     "Amara|Chinedu|Adaeze|Oluwaseun|Kwame|Ama|Kofi|Abena|Yaw|Efua|Ngozi|Emeka|Ifeoma|Tunde|Funmilayo|Babajide|"
     "Chiamaka|Obinna|Aminata|Moussa|Fatou|Ousmane|Awa|Ibrahima|Mariama|Kwabena|Akosua|Yetunde|Folake|Segun|Zainab|"
     "Sékou",
     "Okafor|Adeyemi|Mensah|Boateng|Owusu|Diallo|Ndiaye|Okonkwo|Eze|Nwosu|Adebayo|Balogun|Asante|Appiah|Sow|Fall|"
     "Traoré|Keïta|Ogunleye|Obi|Acheampong|Danso|Ba|Coulibaly|Nnamdi|Olawale|Agyeman|Bamidele|Chukwu|Ojo|Ansah|"
     "Sarr",
     "unilag.example|ui.edu.example|ug.edu.example|knust.example|ucad.example"},
    {"east-africa", 2,
     "Wanjiru|Kamau|Achieng|Otieno|Njeri|Abebe|Selam|Tesfaye|Mekdes|Baraka|Amani|Zawadi|Juma|Aisha|Makena|Kibet|"
     "Hiwot|Dawit|Nyambura|Imani",
     "Mwangi|Ochieng|Kiprono|Wambui|Kariuki|Tadesse|Bekele|Haile|Girma|Mutua|Njoroge|Omondi|Kimani|Wafula|Alemu|"
     "Mengistu|Achola|Rotich|Mugo|Nyongesa",
     "uonbi.example|aau.example|strathmore.example|makerere.example"},
    {"arab-world", 3,
     "Omar|Layla|Youssef|Fatima|Ahmed|Nour|Karim|Mariam|Hassan|Yasmin|Ali|Reem|Khaled|Salma|Tariq|Hana|Amir|Dina|"
     "Rami|Lina",
     "Haddad|Khoury|Nasser|Mansour|Saleh|Hamdan|El-Amin|Aziz|Habib|Rahal|Karam|Najjar|Sabbagh|Issa|Darwish|Abboud|"
     "Ibrahim|Mahmoud|Benali|El Idrissi",
     "aub.example|kaust.example|cu.edu.example|mbzuai.example"},
    {"turkey", 2,
     "Mehmet|Elif|Emre|Zeynep|Can|Ayşe|Burak|Selin|Oğuz|Defne|Kerem|İrem",
     "Yılmaz|Kaya|Demir|Şahin|Çelik|Yıldız|Öztürk|Aydın|Arslan|Doğan|Koç|Kurt",
     "metu.example|boun.example|bilkent.example"},
    {"iran", 3,
     "Reza|Parisa|Arash|Shirin|Mohammad|Niloufar|Dariush|Sara|Kian|Mahsa|Babak|Roya",
     "Ahmadi|Hosseini|Karimi|Moradi|Rezaei|Jafari|Tehrani|Mohammadi|Sadeghi|Farahani|Rahimi|Ghorbani",
     "sharif.example|ut.ac.example|aut.example"},
    {"israel", 2,
     "Noam|Yael|Eitan|Tamar|Itai|Noa|Omer|Shira|Amit|Maya",
     "Cohen|Levi|Mizrahi|Peretz|Biton|Friedman|Avraham|Katz|Shapiro|Ben-David",
     "technion.example|weizmann.example|tau.example|huji.example"},
};

struct CityData
{
    const char *city;
    const char *location;
    const char *group;  // the name group that lives there most
    bool usEu;          // eligible for a US/EU remote role
    int weight;
    const char *phone;  // X: a random digit
};

const CityData Cities[] = {
    {"San Francisco", "San Francisco, CA", "north-america", true, 9, "+1 415 555 01XX"},
    {"Seattle", "Seattle, WA", "north-america", true, 6, "+1 206 555 01XX"},
    {"New York", "New York, NY", "north-america", true, 7, "+1 212 555 01XX"},
    {"Boston", "Boston, MA", "north-america", true, 5, "+1 617 555 01XX"},
    {"Austin", "Austin, TX", "north-america", true, 3, "+1 512 555 01XX"},
    {"Pittsburgh", "Pittsburgh, PA", "north-america", true, 2, "+1 412 555 01XX"},
    {"Chicago", "Chicago, IL", "north-america", true, 2, "+1 312 555 01XX"},
    {"Los Angeles", "Los Angeles, CA", "north-america", true, 2, "+1 213 555 01XX"},
    {"San Diego", "San Diego, CA", "north-america", true, 1, "+1 619 555 01XX"},
    {"Palo Alto", "Palo Alto, CA", "north-america", true, 2, "+1 650 555 01XX"},
    {"Berkeley", "Berkeley, CA", "north-america", true, 1, "+1 510 555 01XX"},
    {"Ann Arbor", "Ann Arbor, MI", "north-america", true, 1, "+1 734 555 01XX"},
    {"Atlanta", "Atlanta, GA", "north-america", true, 1, "+1 404 555 01XX"},
    {"Denver", "Denver, CO", "north-america", true, 1, "+1 303 555 01XX"},
    {"Berlin", "Berlin, Germany", "western-europe", true, 5, "+49 30 XXXX XXXX"},
    {"Munich", "Munich, Germany", "western-europe", true, 3, "+49 89 XXXX XXXX"},
    {"Hamburg", "Hamburg, Germany", "western-europe", true, 1, "+49 40 XXXX XXXX"},
    {"Tübingen", "Tübingen, Germany", "western-europe", true, 1, "+49 7071 XXXXXX"},
    {"Paris", "Paris, France", "western-europe", true, 4, "+33 1 XX XX XX XX"},
    {"Grenoble", "Grenoble, France", "western-europe", true, 1, "+33 4 XX XX XX XX"},
    {"Amsterdam", "Amsterdam, Netherlands", "western-europe", true, 3, "+31 20 XXX XXXX"},
    {"Delft", "Delft, Netherlands", "western-europe", true, 1, "+31 15 XXX XXXX"},
    {"Dublin", "Dublin, Ireland", "western-europe", true, 2, "+353 1 XXX XXXX"},
    {"Copenhagen", "Copenhagen, Denmark", "western-europe", true, 1, "+45 XX XX XX XX"},
    {"Stockholm", "Stockholm, Sweden", "western-europe", true, 1, "+46 8 XXX XXX XX"},
    {"Helsinki", "Helsinki, Finland", "western-europe", true, 1, "+358 9 XXXX XXXX"},
    {"Brussels", "Brussels, Belgium", "western-europe", true, 1, "+32 2 XXX XX XX"},
    {"Vienna", "Vienna, Austria", "western-europe", true, 1, "+43 1 XXX XXXX"},
    {"Barcelona", "Barcelona, Spain", "southern-europe", true, 2, "+34 93 XXX XX XX"},
    {"Madrid", "Madrid, Spain", "southern-europe", true, 2, "+34 91 XXX XX XX"},
    {"Milan", "Milan, Italy", "southern-europe", true, 2, "+39 02 XXXX XXXX"},
    {"Rome", "Rome, Italy", "southern-europe", true, 1, "+39 06 XXXX XXXX"},
    {"Turin", "Turin, Italy", "southern-europe", true, 1, "+39 011 XXX XXXX"},
    {"Lisbon", "Lisbon, Portugal", "southern-europe", true, 1, "+351 21 XXX XXXX"},
    {"Porto", "Porto, Portugal", "southern-europe", true, 1, "+351 22 XXX XXXX"},
    {"Warsaw", "Warsaw, Poland", "central-eastern-europe", true, 2, "+48 22 XXX XX XX"},
    {"Kraków", "Kraków, Poland", "central-eastern-europe", true, 1, "+48 12 XXX XX XX"},
    {"Prague", "Prague, Czechia", "central-eastern-europe", true, 1, "+420 2XX XXX XXX"},
    {"Budapest", "Budapest, Hungary", "central-eastern-europe", true, 1, "+36 1 XXX XXXX"},
    {"Bucharest", "Bucharest, Romania", "central-eastern-europe", true, 1, "+40 21 XXX XXXX"},
    {"Zagreb", "Zagreb, Croatia", "central-eastern-europe", true, 1, "+385 1 XXX XXXX"},
    {"Tallinn", "Tallinn, Estonia", "central-eastern-europe", true, 1, "+372 XXX XXXX"},
    {"London", "London, United Kingdom", "western-europe", false, 3, "+44 20 XXXX XXXX"},
    {"Cambridge", "Cambridge, United Kingdom", "western-europe", false, 1, "+44 1223 XXXXXX"},
    {"Zurich", "Zurich, Switzerland", "western-europe", false, 2, "+41 44 XXX XX XX"},
    {"Toronto", "Toronto, Canada", "north-america", false, 2, "+1 416 555 01XX"},
    {"Montreal", "Montreal, Canada", "north-america", false, 1, "+1 514 555 01XX"},
    {"Vancouver", "Vancouver, Canada", "north-america", false, 1, "+1 604 555 01XX"},
    {"Bangalore", "Bangalore, India", "india", false, 2, "+91 80 XXXX XXXX"},
    {"Hyderabad", "Hyderabad, India", "india", false, 1, "+91 40 XXXX XXXX"},
    {"Singapore", "Singapore", "china", false, 1, "+65 XXXX XXXX"},
    {"Tokyo", "Tokyo, Japan", "japan", false, 1, "+81 3 XXXX XXXX"},
    {"Seoul", "Seoul, South Korea", "korea", false, 1, "+82 2 XXXX XXXX"},
    {"Beijing", "Beijing, China", "china", false, 1, "+86 10 XXXX XXXX"},
    {"Shanghai", "Shanghai, China", "china", false, 1, "+86 21 XXXX XXXX"},
    {"Taipei", "Taipei, Taiwan", "china", false, 1, "+886 2 XXXX XXXX"},
    {"Ho Chi Minh City", "Ho Chi Minh City, Vietnam", "vietnam", false, 1, "+84 28 XXXX XXXX"},
    {"Dhaka", "Dhaka, Bangladesh", "pakistan-bangladesh-sri-lanka", false, 1, "+880 2 XXXX XXXX"},
    {"Tel Aviv", "Tel Aviv, Israel", "israel", false, 1, "+972 3 XXX XXXX"},
    {"Dubai", "Dubai, United Arab Emirates", "arab-world", false, 1, "+971 4 XXX XXXX"},
    {"Istanbul", "Istanbul, Turkey", "turkey", false, 1, "+90 212 XXX XX XX"},
    {"Tehran", "Tehran, Iran", "iran", false, 1, "+98 21 XXXX XXXX"},
    {"São Paulo", "São Paulo, Brazil", "latin-america", false, 1, "+55 11 XXXX XXXX"},
    {"Mexico City", "Mexico City, Mexico", "latin-america", false, 1, "+52 55 XXXX XXXX"},
    {"Buenos Aires", "Buenos Aires, Argentina", "latin-america", false, 1, "+54 11 XXXX XXXX"},
    {"Lagos", "Lagos, Nigeria", "west-africa", false, 1, "+234 1 XXX XXXX"},
    {"Accra", "Accra, Ghana", "west-africa", false, 1, "+233 30 XXX XXXX"},
    {"Nairobi", "Nairobi, Kenya", "east-africa", false, 1, "+254 20 XXX XXXX"},
    {"Sydney", "Sydney, Australia", "", false, 1, "+61 2 XXXX XXXX"},
};

struct WeightedText
{
    const char *text;
    int weight;
};

const WeightedText Sources[] = {
    {"Careers page", 28},          {"LinkedIn", 20},
    {"Referral", 12},              {"Recruiter outreach", 10},
    {"Conference (NeurIPS)", 5},   {"Conference (ICML)", 4},
    {"Conference (MLSys)", 2},     {"University partnership", 7},
    {"arXiv author outreach", 7},  {"GitHub", 3},
    {"Job board", 2},
};

const char *const PersonalDomains =
    "inbox.example|mailbox.example|post.example|webmail.example|letterbox.example|quickmail.example|"
    "hey.example|fastpost.example";
const char *const CompanyDomains =
    "deepcompute.example|tensorworks.example|gpucloud.example|modelfoundry.example|scalelabs.example|"
    "hyperscale.example";

// The demo's staff: fixed names and emails so a second demo reuses them.
enum class Tendency { Neutral, Lenient, Harsh, Noisy };

struct StaffData
{
    const char *name;
    const char *email;
    PersonKind kind;
    Tendency tendency;
    double lateness;  // how long they take to submit, relative to the others
};

const StaffData Staff[] = {
    {"Inés Duarte", "ines.duarte@lab.example", PersonKind::Interviewer, Tendency::Lenient, 1.0},
    {"Kenji Watanabe", "kenji.watanabe@lab.example", PersonKind::Interviewer, Tendency::Harsh, 1.0},
    {"Adaeze Nwosu", "adaeze.nwosu@lab.example", PersonKind::Interviewer, Tendency::Neutral, 3.0},
    {"Marek Dvořák", "marek.dvorak@lab.example", PersonKind::Interviewer, Tendency::Noisy, 1.0},
    {"Priya Raghunathan", "priya.raghunathan@lab.example", PersonKind::Interviewer, Tendency::Neutral, 0.6},
    {"Sofia Lindqvist", "sofia.lindqvist@lab.example", PersonKind::Interviewer, Tendency::Lenient, 1.0},
    {"Tomás Herrera", "tomas.herrera@lab.example", PersonKind::Interviewer, Tendency::Harsh, 1.5},
    {"Hannah Brooks", "hannah.brooks@lab.example", PersonKind::Interviewer, Tendency::Neutral, 1.0},
    {"Youssef Benali", "youssef.benali@lab.example", PersonKind::Interviewer, Tendency::Noisy, 3.0},
    {"Mei-Ling Chou", "mei-ling.chou@lab.example", PersonKind::Interviewer, Tendency::Neutral, 0.8},
    {"Daniel Okoro", "daniel.okoro@lab.example", PersonKind::Interviewer, Tendency::Lenient, 1.2},
    {"Elena Petrova", "elena.petrova@lab.example", PersonKind::Interviewer, Tendency::Harsh, 1.0},
    {"Grace Mwangi", "grace.mwangi@lab.example", PersonKind::Coordinator, Tendency::Neutral, 1.0},
    {"Lukas Brandt", "lukas.brandt@lab.example", PersonKind::Coordinator, Tendency::Neutral, 1.0},
};

// Phrase banks; %1 is an attribute as it reads inside a sentence.
const char *const NotesByValue[6] = {
    // 0: no evidence
    "Ran out of time before %1.|Did not get to %1 in this interview.|No signal on %1; the conversation went "
    "elsewhere.|Left %1 for the next stage.",
    // 1
    "No credible example of %1; answers did not match the CV.|Could not describe %1 work they had done "
    "themselves.|Deflected every question on %1.",
    // 2
    "Limited evidence of %1; examples stayed vague.|Textbook answers on %1, nothing first-hand.|Little "
    "hands-on %1; mostly watched others do it.|Struggled when pushed on %1.",
    // 3
    "Mixed on %1: a good start, but stayed high-level when pushed.|Some evidence of %1, partly from others' "
    "work.|Adequate on %1; nothing stood out either way.|One good example of %1, one weak one.",
    // 4
    "Solid on %1, with a specific example and measured results.|Good depth on %1; a few details were "
    "second-hand.|Convincing on %1 with minor gaps.|Clear ownership of %1 in their last project.",
    // 5
    "Walked through %1 in depth, with an example they owned end to end.|Exceptional on %1: numbers, trade-offs "
    "and what they would do differently.|Best answer on %1 this cycle.|Taught me something about %1.",
};

// Take-aways: %1 the attribute rated best, %2 another one (the worst, for mid and low
// scorecards). The "One" banks are for scorecards whose ratings are all alike.
const char *const TakeawaysHigh =
    "Strong across the board; best on %1.|Clear strength in %1, and %2 was solid too.|Impressive depth on %1. "
    "Would be glad to work with them.|Consistently above the bar; %1 stood out.";
const char *const TakeawaysMid =
    "Solid on %1; %2 was the weakest area.|Good signal on %1, mixed on %2.|Convincing on %1. Would want "
    "another look at %2.|Promising, but %2 needs probing at the next stage.";
const char *const TakeawaysLow =
    "Below the bar on %2; %1 was the best area but not enough.|Struggled with %2. Some promise on %1.|Not "
    "enough depth on %2 for this role.|Thin on %2; answers on %1 were fine.";
const char *const TakeawaysHighOne =
    "Strong on %1 throughout.|Impressive depth on %1. Would be glad to work with them.|Clearly above the bar on %1.";
const char *const TakeawaysMidOne =
    "Mixed signal on %1; would want another look.|Adequate on %1, nothing that stood out.|Some promise on %1, "
    "not yet convincing.";
const char *const TakeawaysLowOne =
    "Below the bar on %1.|Not enough depth on %1 for this role.|Thin on %1; examples stayed vague.";
const char *const PrivateNotes =
    "Might suit the inference team if this does not work out.|Check references on the checkpointing "
    "project.|Compensation expectations may be above the band.|Seemed tired; it was late in their time "
    "zone.|Mentioned a competing offer with a deadline in two weeks.|Would like to pair them with an "
    "experienced mentor.";
const char *const WithdrawReasons =
    "Accepted another offer|Decided to stay in their current role|Starting a postdoc first|Relocation plans "
    "changed|Compensation expectations above the range|Personal reasons|No longer looking";
const char *const OfferDeclines =
    "Declined the offer: accepted a competing offer|Declined the offer: compensation|Declined the offer: "
    "staying in academia";
const char *const CandidateNotes =
    "Available to start in three months.|Prefers async communication across time zones.|Has a competing "
    "offer; decision expected within a month.|Final-year PhD student; defence expected next spring.|Asked about "
    "the publication policy before applying.|Open to a part-time start while finishing a postdoc.";

enum Bucket { Eligibility, Experience, Publication, Fit, Stronger, Declined, Other, BucketCount };

Bucket reasonBucket(const QString &text)
{
    const QString t = text.toLower();
    auto has = [&t](std::initializer_list<const char *> words) {
        return std::any_of(words.begin(), words.end(), [&t](const char *w) { return t.contains(QLatin1String(w)); });
    };
    if (has({"eligib", "remote", "location", "visa", "relocat", "work permit"}))
        return Eligibility;
    if (has({"declin", "withdr", "not interested"}))
        return Declined;
    if (has({"stronger", "another candidate", "filled"}))
        return Stronger;
    if (has({"publication", "paper", "record"}))
        return Publication;
    if (has({"experience", "scale", "skill", "technical"}))
        return Experience;
    if (has({"fit", "style", "culture", "values"}))
        return Fit;
    return Other;
}

Bucket attributeBucket(const Attribute &a)
{
    const QString t = (a.name + QLatin1Char(' ') + a.sourceLine).toLower();
    for (const char *w : {"gpu", "scale", "pytorch", "distributed", "system", "kernel", "experiment", "cluster",
                          "infrastructure", "engineer"})
        if (t.contains(QLatin1String(w)))
            return Experience;
    for (const char *w : {"phd", "publi", "paper", "venue", "research leadership"})
        if (t.contains(QLatin1String(w)))
            return Publication;
    return Fit;
}

// An attribute name as it reads mid-sentence: "research leadership", "thousand-GPU
// experience", but "PyTorch ...", "PhD ..." and "US ..." keep their capitals.
QString inSentence(const QString &name)
{
    const QString first = name.section(QLatin1Char(' '), 0, 0);
    if (first.size() < 2 || !first.at(1).isLower())
        return name;
    for (int i = 1; i < first.size(); ++i)
        if (first.at(i).isUpper() && first.at(i - 1).isLower())
            return name;
    return name.at(0).toLower() + name.mid(1);
}

// Lower-case ASCII letters and digits only: "Łukasz" -> "lukasz", "O'Brien" -> "obrien".
QString asciiKey(const QString &text)
{
    const QString decomposed = text.normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(decomposed.size());
    for (const QChar c : decomposed) {
        const char16_t u = c.unicode();
        if (u < 128) {
            if (c.isLetterOrNumber())
                out += c.toLower();
            continue;
        }
        switch (u) {
        case u'Ł': case u'ł': out += QLatin1Char('l'); break;
        case u'Ø': case u'ø': out += QLatin1Char('o'); break;
        case u'Đ': case u'đ': case u'Ð': case u'ð': out += QLatin1Char('d'); break;
        case u'ß': out += QLatin1String("ss"); break;
        case u'Æ': case u'æ': out += QLatin1String("ae"); break;
        case u'Œ': case u'œ': out += QLatin1String("oe"); break;
        case u'ı': out += QLatin1Char('i'); break;
        case u'Þ': case u'þ': out += QLatin1String("th"); break;
        default: break;  // combining marks and anything else
        }
    }
    return out;
}

QStringList split(const char *utf8)
{
    return QString::fromUtf8(utf8).split(QLatin1Char('|'));
}

// Weekday of a UTC time, 0 = Monday (1970-01-01 was a Thursday).
int weekday(qint64 t)
{
    return int(((t / Day) + 3) % 7);
}

// Fills a phrase-bank template that may use %1, %2, both or neither.
QString fill(QString text, const QString &first, const QString &second)
{
    return text.replace(QLatin1String("%1"), first).replace(QLatin1String("%2"), second);
}

QString overallLabel(const QString &overall)
{
    return QString(overall).replace(QLatin1Char('_'), QLatin1Char(' '));
}

struct NameGroup
{
    QString key;
    QStringList given;
    QStringList family;
    QStringList universities;
    QList<int> cities;  // indexes into the city table
};

struct City
{
    QString city;
    QString location;
    QString phone;
    bool usEu = false;
};

struct AttributeInfo
{
    Attribute attribute;
    QString phrase;  // in a sentence
    Bucket bucket = Fit;
};

struct StageInfo
{
    Id id = 0;
    QString name;
    QList<int> focus;  // indexes into attributes
};

struct StaffMember
{
    Person person;
    Tendency tendency = Tendency::Neutral;
    double lateness = 1.0;
};

// What the panel of one interview saw, for the decision that follows it.
struct PanelResult
{
    bool done = false;      // every scorecard submitted
    qint64 lastSubmitted = 0;
    double mean = 0;        // of the non-null ratings
    int rated = 0;
    QList<QPair<int, QString>> overall;  // staff index, recommendation
};

} // namespace

struct DemoGenerator::Private
{
    Private(const Role &r, const DemoOptions &o);

    DemoCandidate make(int serial);
    void contacts(DemoCandidate &dc, const NameGroup &group, const City &city, const QString &given,
                  const QString &family, int serial);
    QString uniqueEmail(const NameGroup &group, const QString &g, const QString &f, bool formal);
    void history(DemoCandidate &dc, const QList<double> &quality, bool eligible, bool relocating);
    PanelResult interview(DemoCandidate &dc, int k, qint64 movedAt, const QList<double> &quality);
    QString takeaways(const QList<DemoRating> &ratings, double mean);
    void addEvent(DemoCandidate &dc, int fromStage, int toStage, ApplicationStatus from, ApplicationStatus to,
                  qint64 at, Id actor, const QString &reason);
    QString rejectReason(Bucket bucket);
    QString decisionText(const QString &outcome, int nextStage);
    qint64 workTime(qint64 notBefore);
    qint64 interviewTime(qint64 notBefore);
    Id coordinator();
    Id staffId(int index) const { return staffIds.value(index); }

    Role role;
    DemoOptions options;
    Rng rng;
    qint64 epoch = 0;

    QList<AttributeInfo> attributes;
    QList<StageInfo> stages;
    int locationFact = -1;
    QList<QStringList> reasons;  // by bucket
    QStringList allReasons;

    QList<StaffMember> staff;
    QList<Id> staffIds;
    QList<int> interviewers;  // staff indexes
    QList<int> coordinators;

    QList<NameGroup> groups;
    QList<int> groupWeights;
    int groupTotal = 0;
    QList<City> cities;
    QList<int> cityWeights;
    int cityTotal = 0;
    QList<QPair<QString, int>> sources;
    QList<int> sourceWeights;
    int sourceTotal = 0;
    QStringList personalDomains;
    QStringList companyDomains;
    QList<QStringList> notesByValue;
    QStringList takeawaysHigh, takeawaysMid, takeawaysLow, takeawaysHighOne, takeawaysMidOne, takeawaysLowOne,
        privateNotes, withdrawReasons, offerDeclines, candidateNotes;

    QSet<QString> usedEmails;  // local part @ domain, before the seed tag
    QSet<QString> usedHandles;
    QSet<QString> usedLinkedIn;
    QHash<QString, int> arxivCount;

    // Per candidate: what the panels saw so far, per attribute.
    QList<double> seenSum;
    QList<int> seenCount;

    int generated = 0;
};

DemoGenerator::Private::Private(const Role &r, const DemoOptions &o)
    : role(r)
    , options(o)
    , rng(o.seed)
    , epoch(o.now - (o.now % Day + Day) % Day)
{
    for (const Attribute &a : role.attributes())
        attributes << AttributeInfo{a, inSentence(a.name), attributeBucket(a)};
    auto attributeIndex = [this](Id id) {
        for (int i = 0; i < attributes.size(); ++i)
            if (attributes.at(i).attribute.id == id)
                return i;
        return -1;
    };
    for (const Stage &s : role.stages) {
        StageInfo info{s.id, s.name, {}};
        for (Id a : s.focus)
            if (const int i = attributeIndex(a); i >= 0)
                info.focus << i;
        stages << info;
    }
    for (int i = 0; i < role.screening.size() && locationFact < 0; ++i) {
        const ScreeningFact &f = role.screening.at(i);
        if (reasonBucket(f.label + QLatin1Char(' ') + f.text) == Eligibility)
            locationFact = i;
    }
    if (locationFact < 0 && !role.screening.isEmpty())
        locationFact = 0;
    for (int b = 0; b < BucketCount; ++b)
        reasons << QStringList();
    for (const QString &reason : role.rejectReasons) {
        reasons[reasonBucket(reason)] << reason;
        allReasons << reason;
    }

    for (const StaffData &s : Staff) {
        StaffMember m;
        m.person.name = QString::fromUtf8(s.name);
        m.person.email = QString::fromUtf8(s.email);
        m.person.kind = s.kind;
        m.tendency = s.tendency;
        m.lateness = s.lateness;
        (s.kind == PersonKind::Interviewer ? interviewers : coordinators) << int(staff.size());
        staff << m;
    }

    for (const CityData &c : Cities) {
        cities << City{QString::fromUtf8(c.city), QString::fromUtf8(c.location), QString::fromUtf8(c.phone), c.usEu};
        cityWeights << c.weight;
        cityTotal += c.weight;
    }
    for (const NameGroupData &g : NameGroups) {
        NameGroup group{QString::fromUtf8(g.key), split(g.given), split(g.family), split(g.universities), {}};
        for (int c = 0; c < int(std::size(Cities)); ++c)
            if (group.key == QLatin1String(Cities[c].group))
                group.cities << c;
        groups << group;
        groupWeights << g.weight;
        groupTotal += g.weight;
    }
    for (const WeightedText &s : Sources) {
        sources << qMakePair(QString::fromUtf8(s.text), s.weight);
        sourceWeights << s.weight;
        sourceTotal += s.weight;
    }
    personalDomains = split(PersonalDomains);
    companyDomains = split(CompanyDomains);
    for (const char *notes : NotesByValue)
        notesByValue << split(notes);
    takeawaysHigh = split(TakeawaysHigh);
    takeawaysMid = split(TakeawaysMid);
    takeawaysLow = split(TakeawaysLow);
    takeawaysHighOne = split(TakeawaysHighOne);
    takeawaysMidOne = split(TakeawaysMidOne);
    takeawaysLowOne = split(TakeawaysLowOne);
    privateNotes = split(PrivateNotes);
    withdrawReasons = split(WithdrawReasons);
    offerDeclines = split(OfferDeclines);
    candidateNotes = split(CandidateNotes);
}

// A working-hours moment (13:00-19:55 UTC, Monday to Friday: mornings in the US,
// afternoons in Europe) at or after notBefore.
qint64 DemoGenerator::Private::workTime(qint64 notBefore)
{
    qint64 day = notBefore / Day;
    const qint64 offset = 13 * Hour + rng.below(7 * 12) * 5 * Minute;
    for (;;) {
        const qint64 t = day * Day + offset;
        if (weekday(t) < 5 && t >= notBefore)
            return t;
        ++day;
    }
}

// Interviews start on the quarter hour, 14:00-19:45 UTC on weekdays.
qint64 DemoGenerator::Private::interviewTime(qint64 notBefore)
{
    qint64 day = notBefore / Day;
    const qint64 offset = 14 * Hour + rng.below(24) * 15 * Minute;
    for (;;) {
        const qint64 t = day * Day + offset;
        if (weekday(t) < 5 && t >= notBefore)
            return t;
        ++day;
    }
}

Id DemoGenerator::Private::coordinator()
{
    return coordinators.isEmpty() ? 0 : staffId(rng.pick(coordinators));
}

QString DemoGenerator::Private::rejectReason(Bucket bucket)
{
    if (!reasons.at(bucket).isEmpty())
        return rng.pick(reasons.at(bucket));
    QStringList general;
    for (int b : {Other, Fit, Experience, Publication, Stronger})
        general += reasons.at(b);
    if (!general.isEmpty())
        return rng.pick(general);
    if (!allReasons.isEmpty())
        return rng.pick(allReasons);
    return QStringLiteral("Not a fit for the role");
}

void DemoGenerator::Private::addEvent(DemoCandidate &dc, int fromStage, int toStage, ApplicationStatus from,
                                      ApplicationStatus to, qint64 at, Id actor, const QString &reason)
{
    StageEvent e;
    e.fromStageId = fromStage >= 0 ? stages.at(fromStage).id : 0;
    e.toStageId = stages.at(toStage).id;
    e.hasFromStatus = fromStage >= 0;
    e.fromStatus = from;
    e.toStatus = to;
    if (!dc.events.isEmpty())
        at = std::max(at, dc.events.last().at + Minute);
    e.at = at;
    e.actorId = actor;
    e.reason = reason;
    dc.events << e;
    dc.application.stageId = e.toStageId;
    dc.application.status = to;
    dc.application.reason = to == ApplicationStatus::Active ? QString() : reason;
    if (fromStage != toStage)
        dc.application.stageEnteredAt = at;
    dc.updatedAt = std::max(dc.updatedAt, at);
}

DemoCandidate DemoGenerator::Private::make(int serial)
{
    DemoCandidate dc;
    const NameGroup &group = groups.at(rng.weighted(groupWeights, groupTotal));
    const QString given = rng.pick(group.given);
    const QString family = rng.pick(group.family);
    Candidate &c = dc.candidate;
    c.name = given + QLatin1Char(' ') + family;

    // Where they live: often where their name comes from, mostly the US and the EU.
    const int cityIndex = (!group.cities.isEmpty() && rng.chance(0.35)) ? rng.pick(group.cities)
                                                                       : rng.weighted(cityWeights, cityTotal);
    const City &city = cities.at(cityIndex);
    c.location = city.location;
    const bool eligible = city.usEu;
    const bool relocating = !eligible && rng.chance(0.2);

    const int source = rng.weighted(sourceWeights, sourceTotal);
    c.source = sources.at(source).first;
    const qint64 span = qint64(std::max(1, options.historyDays)) * Day;
    // More recent applicants than old ones, as in a live search: a pipeline with work in it.
    const double age = rng.unit();
    c.createdAt = epoch - Hour - qint64(age * age * double(span - Hour));
    contacts(dc, group, city, given, family, serial);
    if (rng.chance(0.18)) {
        if (c.source == QLatin1String("Referral") && !interviewers.isEmpty())
            c.notes = QStringLiteral("Referred by %1, who worked with them before.")
                          .arg(staff.at(rng.pick(interviewers)).person.name);
        else
            c.notes = rng.pick(candidateNotes);
    }

    // The hidden truth the interviews sample: a general level, plus a spread per
    // attribute. Referrals and outreach run a little stronger.
    double level = rng.normal();
    if (c.source == QLatin1String("Referral") || c.source.contains(QLatin1String("outreach")))
        level += 0.3;
    QList<double> quality;
    quality.reserve(attributes.size());
    for (int i = 0; i < attributes.size(); ++i)
        quality << 3.0 + 0.85 * level + 0.6 * rng.normal();

    dc.application.createdAt = c.createdAt;
    dc.application.stageEnteredAt = c.createdAt;
    dc.updatedAt = c.createdAt;

    // Screening answers, given with the application.
    for (int i = 0; i < role.screening.size(); ++i) {
        const ScreeningFact &f = role.screening.at(i);
        QString answer;
        if (i == locationFact) {
            if (rng.chance(0.05))
                continue;
            answer = eligible ? QStringLiteral("Yes — based in %1").arg(city.city)
                   : relocating ? QStringLiteral("No — based in %1; open to relocating to the US or EU").arg(city.city)
                                : QStringLiteral("No — based in %1").arg(city.city);
        } else {
            if (rng.chance(0.3))
                continue;
            const QString t = (f.label + QLatin1Char(' ') + f.text).toLower();
            if (t.contains(QLatin1String("on-call")) || t.contains(QLatin1String("report")))
                answer = rng.pick(QStringList{QStringLiteral("Yes — comfortable with both"),
                                              QStringLiteral("Yes; would like to hear more about the on-call load"),
                                              QStringLiteral("Fine with the reporting line; prefers no on-call in the first quarter")});
            else if (t.contains(QLatin1String("cluster")) || t.contains(QLatin1String("tool")))
                answer = rng.pick(QStringList{QStringLiteral("Has run jobs on H100 clusters with Slurm"),
                                              QStringLiteral("Mostly TPU experience; keen to work on B200 and B300"),
                                              QStringLiteral("Has used Kubernetes-based GPU clusters"),
                                              QStringLiteral("Limited large-cluster access so far")});
            else
                answer = rng.pick(QStringList{QStringLiteral("Yes"), QStringLiteral("Yes — no concerns"),
                                              QStringLiteral("Has questions; to discuss at the screen")});
        }
        dc.screening << qMakePair(f.id, answer);
    }

    if (!stages.isEmpty())
        history(dc, quality, eligible, relocating);
    return dc;
}

QString DemoGenerator::Private::uniqueEmail(const NameGroup &group, const QString &g, const QString &f, bool formal)
{
    // Personal mailboxes, the university of their region, or an employer.
    const int kind = formal ? 55 + rng.below(45) : rng.below(100);
    const QString domain = kind < 55 ? rng.pick(personalDomains)
                         : kind < 90 && !group.universities.isEmpty() ? rng.pick(group.universities)
                                                                       : rng.pick(companyDomains);
    const QString gi = g.left(1);
    QString local;
    const int style = formal ? 99 : rng.below(100);
    if (style < 40)
        local = g + QLatin1Char('.') + f;
    else if (style < 52)
        local = gi + f;
    else if (style < 58)
        local = f + QLatin1Char('.') + g;
    else if (style < 64)
        local = g + QLatin1Char('_') + f;
    else if (style < 74)
        local = g + f;
    else if (style < 86)
        local = g + QLatin1Char('.') + f + QString::number(rng.between(70, 99));
    else
        local = gi + QLatin1Char('.') + f;
    QString key = local + QLatin1Char('@') + domain;
    for (int attempt = 0; usedEmails.contains(key); ++attempt) {
        const QString digits = attempt < 3 ? QString::number(rng.between(2, 99)) : QString::number(attempt);
        key = local + digits + QLatin1Char('@') + domain;
    }
    usedEmails.insert(key);
    // The seed as a sub-address keeps two demos with different seeds apart, and marks
    // the address as made up; the .example domains (RFC 2606) reach no real mailbox.
    const int at = int(key.indexOf(QLatin1Char('@')));
    return key.left(at) + QStringLiteral("+s%1").arg(options.seed) + key.mid(at);
}

void DemoGenerator::Private::contacts(DemoCandidate &dc, const NameGroup &group, const City &city,
                                      const QString &given, const QString &family, int serial)
{
    Candidate &c = dc.candidate;
    QString g = asciiKey(given);
    QString f = asciiKey(family);
    if (g.isEmpty())
        g = QStringLiteral("candidate");
    if (f.isEmpty())
        f = QStringLiteral("demo");
    c.emails << uniqueEmail(group, g, f, false);
    if (rng.chance(0.15))
        c.emails << uniqueEmail(group, g, f, true);

    if (rng.chance(0.85)) {
        QString phone = city.phone;
        for (QChar &ch : phone)
            if (ch == QLatin1Char('X'))
                ch = QChar(u'0' + rng.below(10));
        c.phone = phone;
    }

    const quint64 id = (quint64(options.seed) << 32) | quint32(serial);
    if (rng.chance(0.6)) {
        const QString gi = g.left(1);
        const QStringList styles = {gi + f, g + QLatin1Char('-') + f, g + f, f + QLatin1Char('-') + g, g + f.left(1),
                                    g + QLatin1Char('_') + f};
        QString handle = rng.pick(styles);
        if (handle.size() > 36)
            handle.truncate(36);
        QString candidate = handle;
        for (int attempt = 0; usedHandles.contains(candidate); ++attempt)
            candidate = handle + QString::number(attempt < 3 ? rng.between(1, 99) : attempt + 100);
        usedHandles.insert(candidate);
        c.links << CandidateLink{QStringLiteral("github"), QStringLiteral("https://github.com/") + candidate};
    }
    if (rng.chance(0.5)) {
        // A 64-bit bijection of (seed, serial): unique across every demo ever run.
        static const char Alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        quint64 x = mix64(id ^ Q_UINT64_C(0x5c0a1a7));
        QString user;
        for (int i = 0; i < 11; ++i, x >>= 6)
            user += QLatin1Char(Alphabet[x & 63]);
        user += QLatin1Char('J');
        c.links << CandidateLink{QStringLiteral("scholar"),
                                 QStringLiteral("https://scholar.google.com/citations?user=") + user};
    }
    if (rng.chance(0.3)) {
        // 0000-000d-dddd-dddC, d in 1..3 first: 3e7 ids, one per serial (an affine
        // map is a bijection here), C the ISO 7064 MOD 11-2 check character.
        const quint64 space = 30000000;
        const quint64 n = (quint64(serial) * 7919 + mix64(options.seed) % space) % space;
        const QString digits = QStringLiteral("0000000%1").arg(n + 10000000, 8, 10, QLatin1Char('0'));
        int total = 0;
        for (QChar ch : digits)
            total = (total + ch.digitValue()) * 2;
        const int check = (12 - total % 11) % 11;
        const QString all = digits + (check == 10 ? QStringLiteral("X") : QString::number(check));
        c.links << CandidateLink{QStringLiteral("orcid"),
                                 QStringLiteral("https://orcid.org/%1-%2-%3-%4")
                                     .arg(all.mid(0, 4), all.mid(4, 4), all.mid(8, 4), all.mid(12, 4))};
    }
    if (rng.chance(0.35)) {
        const QString key = f + QLatin1Char('_') + g.left(1);
        const int n = ++arxivCount[key];
        c.links << CandidateLink{QStringLiteral("arxiv"), QStringLiteral("https://arxiv.org/a/%1_%2").arg(key).arg(n)};
    }
    if (rng.chance(0.3)) {
        quint64 x = mix64(id ^ Q_UINT64_C(0x11d4ed));
        QString vanity;
        do {
            vanity = QStringLiteral("%1-%2-%3").arg(g, f).arg(x & Q_UINT64_C(0xffffffffff), 10, 16, QLatin1Char('0'));
            x = mix64(x);
        } while (usedLinkedIn.contains(vanity));
        usedLinkedIn.insert(vanity);
        c.links << CandidateLink{QStringLiteral("linkedin"), QStringLiteral("https://www.linkedin.com/in/") + vanity};
    }
}

PanelResult DemoGenerator::Private::interview(DemoCandidate &dc, int k, qint64 movedAt, const QList<double> &quality)
{
    PanelResult result;
    const StageInfo &stage = stages.at(k);
    DemoInterview iv;
    iv.stageId = stage.id;
    iv.createdAt = std::min(movedAt + rng.between(1, 48) * Hour, std::max(epoch, movedAt));
    iv.startsAt = interviewTime(std::max(iv.createdAt, movedAt + rng.between(2, 12) * Day));
    iv.durationMin = rng.pick(QList<int>{45, 45, 50, 60, 60, 60});
    iv.location = rng.chance(0.9) ? QStringLiteral("Video call") : QStringLiteral("Video call (recorded for calibration)");

    // The panel: interviewers who take this stage (each skips one stage in three).
    int size = k == 1 ? 1 : 1 + rng.weighted({25, 45, 30}, 100);
    QList<int> pool;
    for (int i : std::as_const(interviewers))
        if ((i + k) % 3 != 0)
            pool << i;
    if (pool.isEmpty())
        pool = interviewers;
    size = std::min(size, int(pool.size()));
    QList<int> panel;
    while (panel.size() < size) {
        const int i = rng.pick(pool);
        if (!panel.contains(i))
            panel << i;
    }
    for (int i : std::as_const(panel))
        iv.panel << staffId(i);

    const qint64 end = iv.startsAt + iv.durationMin * Minute;
    if (end > epoch) {  // still to come: each panelist has an empty draft, as scheduling gives
        for (Id interviewer : std::as_const(iv.panel)) {
            DemoScorecard card;
            card.interviewerId = interviewer;
            card.createdAt = iv.createdAt;
            card.updatedAt = iv.createdAt;
            iv.scorecards << card;
        }
        dc.interviews << iv;
        return result;
    }
    result.done = true;
    double sum = 0;
    for (int p : std::as_const(panel)) {
        const StaffMember &who = staff.at(p);
        const double bias = who.tendency == Tendency::Lenient ? 0.45 : who.tendency == Tendency::Harsh ? -0.45 : 0.0;
        const double spread = who.tendency == Tendency::Noisy ? 1.0 : 0.4;
        DemoScorecard card;
        card.interviewerId = staffId(p);
        // Most submit within hours, some take days.
        const double u = rng.unit();
        double delay = (30.0 + 2400.0 * u * u) * who.lateness * Minute;
        if (rng.chance(0.12))
            delay += rng.between(2, 7) * Day;
        const qint64 submitAt = end + qint64(delay);
        card.submitted = submitAt <= epoch;
        card.createdAt = std::min(end + rng.between(2, 30) * Minute, epoch);
        card.updatedAt = card.submitted ? submitAt : std::min(card.createdAt + rng.between(5, 90) * Minute, epoch);
        card.createdAt = std::min(card.createdAt, card.updatedAt);
        card.submittedAt = card.submitted ? submitAt : 0;

        // A draft has the first few ratings filled in; a submitted one all, some with
        // no evidence.
        const int filled = card.submitted ? int(stage.focus.size()) : rng.below(int(stage.focus.size()) + 1);
        int rated = 0;
        double own = 0;
        for (int f = 0; f < filled; ++f) {
            const int a = stage.focus.at(f);
            DemoRating rating;
            rating.attributeId = attributes.at(a).attribute.id;
            if (!rng.chance(who.tendency == Tendency::Noisy ? 0.1 : 0.06)) {
                const double v = quality.at(a) + bias + spread * rng.normal();
                rating.value = std::clamp(int(std::floor(v + 0.5)), 1, 5);
            }
            rating.note = rng.pick(notesByValue.at(rating.value)).arg(attributes.at(a).phrase);
            if (rating.value) {
                own += rating.value;
                ++rated;
                if (card.submitted) {
                    sum += rating.value;
                    ++result.rated;
                    seenSum[a] += rating.value;
                    ++seenCount[a];
                }
            }
            card.ratings << rating;
        }
        const double mean = rated ? own / rated : 0;
        if (card.submitted) {
            if (!rated)
                card.overall = QStringLiteral("no_decision");
            else if (mean >= 4.5)
                card.overall = QStringLiteral("strong_yes");
            else if (mean >= 3.5)
                card.overall = QStringLiteral("yes");
            else if (mean >= 2.25)
                card.overall = QStringLiteral("no");
            else
                card.overall = QStringLiteral("strong_no");
            result.overall << qMakePair(p, card.overall);
            result.lastSubmitted = std::max(result.lastSubmitted, submitAt);
            card.takeaways = rated ? takeaways(card.ratings, mean)
                                   : QStringLiteral("Not enough signal to recommend either way.");
            if (rng.chance(0.08))
                card.privateNote = rng.pick(privateNotes);
        } else {
            result.done = false;
            if (rated && rng.chance(0.5))
                card.takeaways = takeaways(card.ratings, mean);
        }
        iv.scorecards << card;
    }
    result.mean = result.rated ? sum / result.rated : 0;
    dc.interviews << iv;
    return result;
}

// A scorecard's take-aways from its own ratings: the best attribute and, for a high
// one, the next best, else the worst.
QString DemoGenerator::Private::takeaways(const QList<DemoRating> &ratings, double mean)
{
    int best = -1, next = -1, worst = -1;
    for (int i = 0; i < ratings.size(); ++i) {
        const int v = ratings.at(i).value;
        if (!v)
            continue;
        if (best < 0 || v > ratings.at(best).value) {
            next = best;
            best = i;
        } else if (next < 0 || v > ratings.at(next).value) {
            next = i;
        }
        if (worst < 0 || v < ratings.at(worst).value)
            worst = i;
    }
    auto phrase = [&](int i) {
        const Id id = ratings.at(i).attributeId;
        for (const AttributeInfo &a : std::as_const(attributes))
            if (a.attribute.id == id)
                return a.phrase;
        return QString();
    };
    const int other = mean >= 4 ? next : (worst >= 0 && ratings.at(worst).value < ratings.at(best).value ? worst : -1);
    if (other < 0) {
        const QStringList &bank = mean >= 4 ? takeawaysHighOne : mean >= 3 ? takeawaysMidOne : takeawaysLowOne;
        return fill(rng.pick(bank), phrase(best), QString());
    }
    const QStringList &bank = mean >= 4 ? takeawaysHigh : mean >= 3 ? takeawaysMid : takeawaysLow;
    return fill(rng.pick(bank), phrase(best), phrase(other));
}

// The debrief's words: the attributes seen strongest and weakest so far.
QString DemoGenerator::Private::decisionText(const QString &outcome, int nextStage)
{
    int best = -1, worst = -1;
    for (int a = 0; a < attributes.size(); ++a) {
        if (!seenCount.at(a))
            continue;
        const double m = seenSum.at(a) / seenCount.at(a);
        if (best < 0 || m > seenSum.at(best) / seenCount.at(best))
            best = a;
        if (worst < 0 || m < seenSum.at(worst) / seenCount.at(worst))
            worst = a;
    }
    if (best < 0)
        return outcome == QLatin1String("reject") ? QStringLiteral("Not enough evidence for the bar.")
                                                  : QStringLiteral("Panel in agreement.");
    auto mean = [this](int a) { return QString::number(seenSum.at(a) / seenCount.at(a), 'f', 1); };
    const QString b = attributes.at(best).phrase;
    const QString w = attributes.at(worst).phrase;
    if (outcome == QLatin1String("advance"))
        return QStringLiteral("Panel aligned: strongest on %1 (%2), weakest on %3 (%4). Advance to %5.")
            .arg(b, mean(best), w, mean(worst), stages.at(nextStage).name);
    if (outcome == QLatin1String("hire")) {
        int gap = -1;
        for (int a = 0; a < attributes.size(); ++a)
            if (attributes.at(a).attribute.mustHave && seenCount.at(a) && seenSum.at(a) / seenCount.at(a) < 3.0
                && (gap < 0 || seenSum.at(a) / seenCount.at(a) < seenSum.at(gap) / seenCount.at(gap)))
                gap = a;
        if (gap >= 0)
            return QStringLiteral("Strong loop overall, best on %1 (%2); %3 (%4) is a must-have gap to cover in "
                                  "onboarding. Make an offer.")
                .arg(b, mean(best), attributes.at(gap).phrase, mean(gap));
        return QStringLiteral("Consistent signal across the loop, best on %1 (%2); no must-have gaps. Make an offer.")
            .arg(b, mean(best));
    }
    if (outcome == QLatin1String("hold"))
        return QStringLiteral("Split panel on %1 (%2). Hold until the other finalists at this stage are seen.")
            .arg(w, mean(worst));
    return QStringLiteral("Below the bar on %1 (%2) across interviewers; %3 (%4) not enough to offset.")
        .arg(w, mean(worst), b, mean(best));
}

void DemoGenerator::Private::history(DemoCandidate &dc, const QList<double> &quality, bool eligible, bool relocating)
{
    using S = ApplicationStatus;
    const int count = int(stages.size());
    const int lateFrom = std::max(1, count - 4);
    const Id manager = options.hiringManagerId;
    seenSum = QList<double>(attributes.size(), 0.0);
    seenCount = QList<int>(attributes.size(), 0);

    qint64 t = dc.candidate.createdAt;
    addEvent(dc, -1, 0, S::Active, S::Active, t, coordinator(), QString());
    int k = 0;
    for (;;) {
        if (k == 0 && count > 1) {
            // Application review: eligibility first, then the hidden quality of what
            // the review looks at.
            const qint64 at = workTime(t + qint64((1.0 + 8.0 * rng.unit() * rng.unit()) * Day));
            if (at > epoch)
                return;
            if (!eligible && !relocating && rng.chance(0.85)) {
                addEvent(dc, 0, 0, S::Active, S::Rejected, at, manager, rejectReason(Eligibility));
                return;
            }
            if (rng.chance(0.025)) {
                addEvent(dc, 0, 0, S::Active, S::Withdrawn, at, coordinator(), rng.pick(withdrawReasons));
                return;
            }
            const QList<int> &focus = stages.at(0).focus;
            double seen = 0;
            int worst = -1;
            for (int a : focus) {
                seen += quality.at(a);
                if (worst < 0 || quality.at(a) < quality.at(worst))
                    worst = a;
            }
            seen = focus.isEmpty() ? 3.0 + 0.3 * rng.normal() : seen / focus.size();
            if (seen + 0.45 * rng.normal() < 3.25) {
                const Bucket bucket = rng.chance(0.12) || worst < 0 ? Other : attributes.at(worst).bucket;
                addEvent(dc, 0, 0, S::Active, S::Rejected, at, manager, rejectReason(bucket));
                return;
            }
            addEvent(dc, 0, 1, S::Active, S::Active, at, coordinator(), QString());
            t = at;
            k = 1;
            continue;
        }
        if (k == count - 1) {
            // The offer (or the only stage): accepted, declined or still open.
            const qint64 at = workTime(t + rng.between(2, 12) * Day);
            if (at > epoch)
                return;
            if (rng.chance(0.18))
                addEvent(dc, k, k, S::Active, S::Withdrawn, at, coordinator(), rng.pick(offerDeclines));
            else
                addEvent(dc, k, k, S::Active, S::Hired, at, manager, QStringLiteral("Accepted the offer"));
            return;
        }

        // An interview stage: the interview, the scorecards, then the decision.
        const PanelResult panel = interview(dc, k, t, quality);
        if (!panel.done)
            return;  // interview to come, or scorecards outstanding
        qint64 at = workTime(panel.lastSubmitted + rng.between(4, 72) * Hour);
        if (at > epoch)
            return;
        if (rng.chance(0.04)) {
            addEvent(dc, k, k, S::Active, S::Withdrawn, at, coordinator(), rng.pick(withdrawReasons));
            return;
        }
        const double threshold = k == 1 ? 3.3 : k >= count - 2 ? 4.05 : k >= lateFrom ? 3.95 : 3.75;
        const double seen = panel.rated ? panel.mean : 3.0 + 0.3 * rng.normal();
        // Someone who cannot work from the US or EU stops at the screen at the latest.
        const bool pass = seen + 0.3 * rng.normal() >= threshold && !(k == 1 && !eligible && !relocating);
        const bool late = k >= lateFrom;
        const QString outcome = !pass ? QStringLiteral("reject")
                              : k == count - 2 ? QStringLiteral("hire")
                                               : QStringLiteral("advance");
        if (late) {
            if (rng.chance(0.08)) {
                dc.decisions << DemoDecision{QStringLiteral("hold"), decisionText(QStringLiteral("hold"), k + 1), {},
                                             manager, at};
                dc.updatedAt = std::max(dc.updatedAt, at);
                at = workTime(at + rng.between(3, 10) * Day);
                if (at > epoch)
                    return;  // on hold
            }
            QStringList dissent;
            for (const auto &[who, overall] : panel.overall) {
                const bool positive = overall == QLatin1String("yes") || overall == QLatin1String("strong_yes");
                const bool negative = overall == QLatin1String("no") || overall == QLatin1String("strong_no");
                if ((pass && negative) || (!pass && positive))
                    dissent << QStringLiteral("%1 recommended %2.").arg(staff.at(who).person.name, overallLabel(overall));
            }
            dc.decisions << DemoDecision{outcome, decisionText(outcome, k + 1), dissent.join(QLatin1Char(' ')),
                                         manager, at};
        }
        if (!pass) {
            Bucket bucket = Other;
            if (!eligible && !relocating && k == 1) {
                bucket = Eligibility;
            } else if (late && rng.chance(0.25)) {
                bucket = Stronger;
            } else if (rng.chance(0.04)) {
                bucket = Declined;
            } else {
                int worst = -1;
                for (int a : stages.at(k).focus)
                    if (seenCount.at(a) && (worst < 0 || seenSum.at(a) / seenCount.at(a) < seenSum.at(worst) / seenCount.at(worst)))
                        worst = a;
                if (worst >= 0)
                    bucket = attributes.at(worst).bucket;
            }
            addEvent(dc, k, k, S::Active, S::Rejected, at, late ? manager : coordinator(), rejectReason(bucket));
            return;
        }
        addEvent(dc, k, k + 1, S::Active, S::Active, at, late ? manager : coordinator(), QString());
        t = at;
        ++k;
    }
}

DemoGenerator::DemoGenerator(const Role &role, const DemoOptions &options)
    : m_d(std::make_unique<Private>(role, options))
{
}

DemoGenerator::~DemoGenerator() = default;

QList<Person> DemoGenerator::persons() const
{
    QList<Person> list;
    for (const StaffMember &s : std::as_const(m_d->staff))
        list << s.person;
    return list;
}

void DemoGenerator::setPersonIds(const QList<Id> &ids)
{
    m_d->staffIds = ids;
}

bool DemoGenerator::next(DemoBatch *batch, int maxCandidates)
{
    batch->candidates.clear();
    const int n = std::min(std::max(0, maxCandidates), m_d->options.candidates - m_d->generated);
    batch->candidates.reserve(n);
    for (int i = 0; i < n; ++i)
        batch->candidates << m_d->make(m_d->generated++);
    return !batch->candidates.isEmpty();
}

int DemoGenerator::generated() const
{
    return m_d->generated;
}

int DemoGenerator::total() const
{
    return m_d->options.candidates;
}

} // namespace hireloop
