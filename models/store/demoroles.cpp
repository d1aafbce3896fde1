#include "store/demoroles.h"

#include <algorithm>
#include <cmath>

namespace hireloop {

QList<int> DemoRoles::sizes(int total, int roles)
{
    if (roles < 1 || total < roles)
        return {};
    QList<int> sizes(roles, total / roles);
    if (roles >= 10) {
        sizes[0] = total / 10;
        const int smallest = std::max(1, total / 1000);
        const qint64 rest = total - sizes.at(0);
        const int others = roles - 1;
        // A straight line from largest down to smallest whose sum is rest.
        const double largest = std::max<double>(smallest, 2.0 * double(rest) / others - smallest);
        for (int i = 1; i < roles; ++i) {
            const double at = others > 1 ? double(i - 1) / (others - 1) : 0;
            sizes[i] = std::max(1, int(std::llround(largest + (smallest - largest) * at)));
        }
    }
    // What rounding left over (or took too much) goes to the second role, or the first.
    qint64 sum = 0;
    for (int s : std::as_const(sizes))
        sum += s;
    int &adjusted = sizes[roles > 1 ? 1 : 0];
    adjusted = int(std::max<qint64>(1, adjusted + (total - sum)));
    return sizes;
}

QPair<QString, QString> DemoRoles::titleAndTeam(const QString &base, int index)
{
    static const char *const teams[] = {"Pretraining", "Inference", "Multimodal",       "Reinforcement Learning",
                                        "Evaluation",  "Platform",  "Kernels",          "Data",
                                        "Alignment",   "Compilers", "Networking",       "Storage",
                                        "Speech",      "Robotics",  "Interpretability", "Scheduling"};
    constexpr int count = int(sizeof teams / sizeof *teams);
    QString team = QString::fromLatin1(teams[(index - 1) % count]);
    if (const int round = (index - 1) / count)
        team += QStringLiteral(" %1").arg(round + 1);
    return {QStringLiteral("%1, %2").arg(base, team), team};
}

}  // namespace hireloop
